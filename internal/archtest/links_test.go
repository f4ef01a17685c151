package archtest

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// linkRE matches the target of a Markdown link or image: "](target)".
var linkRE = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// TestDocLinksResolve checks every relative link of the project's
// Markdown (README, SPEC, docs/ and the rest): the file it names exists,
// and a #fragment names a heading of the Markdown file it points into
// (GitHub's anchors: see slug). Sections are renamed as the work moves
// on, and the long pages link into each other by section.
func TestDocLinksResolve(t *testing.T) {
	root := filepath.Join("..", "..")
	var files []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".md") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 10 {
		t.Fatalf("found %d Markdown files under %s, expected the project's docs", len(files), root)
	}
	prose := map[string][]string{} // each file's lines, read once
	for _, f := range files {
		if prose[f], err = proseLines(f); err != nil {
			t.Fatal(err)
		}
	}
	anchors := map[string]map[string]bool{} // made when first linked into
	links := 0
	for _, f := range files {
		for n, line := range prose[f] {
			for _, m := range linkRE.FindAllStringSubmatch(line, -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				links++
				path, frag, _ := strings.Cut(target, "#")
				dest := f
				if path != "" {
					dest = filepath.Join(filepath.Dir(f), path)
					if _, err := os.Stat(dest); err != nil {
						t.Errorf("%s:%d: link %q: %v", f, n+1, target, err)
						continue
					}
				}
				if frag == "" || !strings.HasSuffix(dest, ".md") {
					continue
				}
				if anchors[dest] == nil {
					anchors[dest] = headingAnchors(prose[dest])
				}
				if !anchors[dest][frag] {
					t.Errorf("%s:%d: link %q: no heading of %s has the anchor %q", f, n+1, target, dest, frag)
				}
			}
		}
	}
	if links < 100 {
		t.Fatalf("checked %d links, expected the docs' hundreds", links)
	}
}

// proseLines returns the lines of a Markdown file, with the lines of
// fenced code blocks blanked (their brackets are code, not links).
func proseLines(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var lines []string
	inFence := false
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			inFence = !inFence
			lines = append(lines, "")
			continue
		}
		if inFence {
			line = ""
		}
		lines = append(lines, line)
	}
	return lines, sc.Err()
}

// headingAnchors returns the anchors GitHub gives the headings of lines:
// each heading's slug, the second of a slug with "-1" added, and so on.
func headingAnchors(lines []string) map[string]bool {
	a := map[string]bool{}
	count := map[string]int{}
	for _, line := range lines {
		text, ok := strings.CutPrefix(strings.TrimLeft(line, "#"), " ")
		if !ok || !strings.HasPrefix(line, "#") {
			continue
		}
		s := slug(text)
		if n := count[s]; n > 0 {
			a[s+"-"+strconv.Itoa(n)] = true
		} else {
			a[s] = true
		}
		count[s]++
	}
	return a
}

// slug is GitHub's anchor of a heading: lower case, every character but
// letters, digits, spaces, hyphens and underscores dropped (backquotes,
// colons, dashes other than the hyphen, ×), spaces made hyphens.
func slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// The anchors of headings as GitHub makes them, on headings of these
// docs: punctuation dropped, letters of any script kept, repeats numbered.
func TestSlug(t *testing.T) {
	lines := []string{
		"# Solving positions",
		"## Checking answers: `geister verify`",
		"### Deep wins: 13–21 plies",
		"### The published collection again, and ε 1/10 at AND nodes",
		"## Notes",
		"## Notes",
		"#not a heading",
	}
	a := headingAnchors(lines)
	for _, want := range []string{"solving-positions", "checking-answers-geister-verify", "deep-wins-1321-plies",
		"the-published-collection-again-and-ε-110-at-and-nodes", "notes", "notes-1"} {
		if !a[want] {
			t.Errorf("no anchor %q among %v", want, a)
		}
	}
	if len(a) != 6 {
		t.Errorf("%d anchors, want 6: %v", len(a), a)
	}
}
