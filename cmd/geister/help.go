package main

import (
	"embed"
	"strings"
)

// helpFiles holds the long help of every command, one file a command
// (help/NAME.txt; a gat subcommand's is help/gat-NAME.txt).
//
//go:embed help/*.txt
var helpFiles embed.FS

// helpText returns the help file of the command name, then each of more
// after a blank line. A missing file is a fault of the build itself, found
// by any test run (see help_test.go).
func helpText(name string, more ...string) string {
	b, err := helpFiles.ReadFile("help/" + name + ".txt")
	if err != nil {
		panic("geister: no help file for " + name + ": " + err.Error())
	}
	text := strings.TrimRight(string(b), "\n")
	for _, m := range more {
		text += "\n\n" + m
	}
	return text
}
