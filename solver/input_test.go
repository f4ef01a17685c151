package solver_test

import (
	"strings"
	"testing"

	"github.com/geister-solver/geister/solver"
)

// refInputs is the plain reading of the line rule: split on newlines, skip
// blank and # lines, and mark lines over the limit.
func refInputs(data string) (texts []string, long []int) {
	lines := strings.Split(data, "\n")
	if strings.HasSuffix(data, "\n") {
		lines = lines[:len(lines)-1]
	}
	for i, l := range lines {
		if len(l) > solver.MaxLineBytes {
			long = append(long, i+1)
			texts = append(texts, "")
			continue
		}
		if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "#") {
			texts = append(texts, t)
		}
	}
	return texts, long
}

func checkInputs(t *testing.T, data string) {
	t.Helper()
	ch := solver.ReadInputs(strings.NewReader(data))
	var got []solver.Input
	for in := range ch {
		got = append(got, in)
	}
	want, long := refInputs(data)
	if len(got) != len(want) {
		t.Fatalf("%d inputs, want %d", len(got), len(want))
	}
	li := 0
	for i, g := range got {
		if g.Err != nil {
			if li >= len(long) || g.Line != long[li] || !strings.Contains(g.Err.Error(), "line ") || len(g.Text) > 100 {
				t.Fatalf("input %d: unexpected error %v (line %d)", i, g.Err, g.Line)
			}
			li++
			continue
		}
		if g.Text != want[i] {
			t.Fatalf("input %d: %q, want %q", i, g.Text, want[i])
		}
	}
	if li != len(long) {
		t.Fatalf("%d over-long lines reported, want %d", li, len(long))
	}
}

// Every line is read once and in order, whatever the bytes, and an
// over-long one is reported with its number.
func TestReadInputs(t *testing.T) {
	big := strings.Repeat("x", solver.MaxLineBytes+1)
	for _, data := range []string{
		"", "\n", "a\nb", "a\r\nb\r\n", "# c\n  \n\tpos\n", big, big + "\n", "a\n" + big + "\nb\n" + big,
		strings.Repeat("y", solver.MaxLineBytes) + "\nz", strings.Repeat("y", 70_000) + "\n\x00\xff\n",
	} {
		checkInputs(t, data)
	}
}

func FuzzReadInputs(f *testing.F) {
	for _, s := range []string{"", "a\nb\n", "# x\n\n y \r\n", "\x00\xff\xfe\n", "uu1B2/6/R5/6/6/6 f R1r1\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) { checkInputs(t, data) })
}
