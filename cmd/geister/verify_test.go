package main

import (
	"strings"
	"testing"
)

// TestVerifyTableCommand: geister verify --table runs the table checks and
// the df-pn sample, and agrees on a freshly built class.
func TestVerifyTableCommand(t *testing.T) {
	dir := t.TempDir()
	if code, out, errOut := runCmd(t, "", "build", "--table", dir, "--quiet", "1B1R-2U1r"); code != 0 {
		t.Fatalf("build: exit %d\n%s\n%s", code, out, errOut)
	}
	code, out, _ := runCmd(t, "", "verify", "--table", dir, "--samples", "40", "1B1R-2U1r")
	if code != 0 || !strings.Contains(out, "all consistent") || !strings.Contains(out, "df-pn sample: 0 disagreements") {
		t.Fatalf("verify --table: exit %d\n%s", code, out)
	}
	m := strings.Index(out, "df-pn sample: ")
	if !strings.Contains(out[m-100:], "agree") {
		t.Fatalf("no agreement count:\n%s", out)
	}
	code, _, _ = runCmd(t, "", "verify", "--table", dir, "1B1R-3U2r")
	if code == 0 {
		t.Error("verifying a class that is not built succeeded")
	}
}
