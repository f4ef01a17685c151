package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// show --svg and --png write a picture of the position; solve --svg
// writes one picture per position of the principal line.
func TestPictures(t *testing.T) {
	const pos = "uu1B2/6/R5/6/6/6 f R1r1"
	code, out, errOut := runCmd(t, "", "show", "--svg", pos)
	if code != 0 || !strings.HasPrefix(out, "<svg") || !strings.Contains(out, "<title>uu1B2/6/R5/6/6/6 f R1r1 0</title>") {
		t.Fatalf("show --svg: exit %d, stderr %q, output starts %.80q", code, errOut, out)
	}
	code, out, _ = runCmd(t, "", "show", "--png", pos)
	if code != 0 || !bytes.HasPrefix([]byte(out), []byte("\x89PNG\r\n\x1a\n")) {
		t.Fatalf("show --png: exit %d, output starts %.16q", code, out)
	}
	if code, _, _ = runCmd(t, "", "show", "--png", "--svg", pos); code != 2 {
		t.Errorf("show --png --svg: exit %d, want 2", code)
	}
	dir := filepath.Join(t.TempDir(), "line")
	code, out, errOut = runCmd(t, "", "solve", "--no-table", "--shortest", "--svg", dir, pos)
	if code != 0 || !strings.Contains(out, "in exactly 5 plies") {
		t.Fatalf("solve --svg: exit %d, stderr %q, output %q", code, errOut, out)
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	// The position and one picture after each of the line's 5 moves.
	if len(ents) != 6 || ents[0].Name() != "ply-00.svg" || ents[5].Name() != "ply-05.svg" {
		var names []string
		for _, e := range ents {
			names = append(names, e.Name())
		}
		t.Errorf("solve --svg wrote %v, want ply-00.svg .. ply-05.svg", names)
	}
}
