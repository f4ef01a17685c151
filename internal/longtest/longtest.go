// Package longtest is the one switch for the project's long tests (the
// exhaustive cross-checks that take minutes): they run when the
// environment has GEISTER_LONG=1, as CI's second step does,
//
//	GEISTER_LONG=1 go test ./...
//
// and are skipped otherwise.
package longtest

import (
	"os"
	"testing"
)

// Var is the environment variable that asks for the long tests.
const Var = "GEISTER_LONG"

// Enabled reports whether the long tests were asked for.
func Enabled() bool { return os.Getenv(Var) == "1" }

// Skip skips the calling test unless the long tests were asked for.
func Skip(t testing.TB) {
	t.Helper()
	if !Enabled() {
		t.Skip("a long test: set " + Var + "=1 to run it")
	}
}
