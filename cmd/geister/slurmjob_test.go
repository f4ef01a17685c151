package main

import (
	"strings"
	"testing"

	"github.com/geister-solver/geister/tablebase"
)

// A job's command line is the build of its one class, reading the stores
// of the classes it needs, as "build --class" takes it.
func TestBuildJobCommand(t *testing.T) {
	f, err := buildJobCommand("/opt/geister")
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(f(tablebase.SlurmTask{Class: "2B1R-2U1r", Out: "/s/2B1R-2U1r", From: []string{"/s/a", "/s/b"}, Threads: 4, MemoryMiB: 300}), " ")
	want := "/opt/geister build --class 2B1R-2U1r --out /s/2B1R-2U1r --from /s/a --from /s/b --threads 4 --max-memory 300 --quiet"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if f, err = buildJobCommand(""); err != nil || !strings.HasSuffix(f(tablebase.SlurmTask{})[0], ".test") {
		t.Errorf("the default binary: %v", err)
	}
}
