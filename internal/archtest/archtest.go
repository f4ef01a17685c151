// Package archtest holds the test that keeps docs/architecture.md true:
// every package of the module has a row in its table of floors, with a
// line saying what it owns, and every import runs from a higher floor to
// a lower one. The package has no code of its own; run its test with
// "go test ./internal/archtest".
package archtest
