package solver

import "io"

// Operands yields the questions of a command line: each of args in
// order, or, when args is the single operand "-", every line of stdin
// that ReadInputs keeps. (A "-" among other operands is read as an
// operand; commands refuse that mix before.)
func Operands(args []string, stdin io.Reader) <-chan Input {
	if len(args) == 1 && args[0] == "-" {
		return ReadInputs(stdin)
	}
	out := make(chan Input)
	go func() {
		defer close(out)
		for _, a := range args {
			out <- Input{Text: a}
		}
	}()
	return out
}

// Texts is in as plain texts: an input that could not be read comes as a
// text that names its line and the fault, in parentheses (which no
// position parser accepts), so that it is answered with an error in its
// place.
func Texts(in <-chan Input) <-chan string {
	out := make(chan string)
	go func() {
		defer close(out)
		for l := range in {
			if l.Err != nil {
				out <- "(" + l.Err.Error() + ")"
				continue
			}
			out <- l.Text
		}
	}()
	return out
}
