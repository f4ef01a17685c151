package solver

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/geister-solver/geister/engine"
)

// MaxLineBytes bounds a line of ReadInputs. Position strings are short; a
// longer line is answered with an error (naming its number and length)
// without being kept in memory, and the lines after it are read as usual.
const MaxLineBytes = 1 << 20

// ScanLines calls fn with every line of r in order, numbered from 1, without
// its newline; size is the line's length in bytes. Of a line longer than
// max bytes fn gets only the first max bytes (size tells the rest), so a
// huge line costs no memory. The line's bytes are fn's only until it
// returns. An error of fn stops the scan and is returned; so is a read
// error. The end of r ends the scan with nil (after a last call for what
// follows the last newline, possibly an empty line).
func ScanLines(r io.Reader, max int, fn func(n int, line []byte, size int) error) error {
	br := bufio.NewReaderSize(r, 64<<10)
	var line []byte
	for n := 1; ; n++ {
		line, size := line[:0], 0
		var err error
		for {
			var chunk []byte
			chunk, err = br.ReadSlice('\n')
			size += len(chunk)
			if len(line) <= max {
				line = append(line, chunk...)
			}
			if !errors.Is(err, bufio.ErrBufferFull) {
				break
			}
		}
		if err == nil {
			size-- // the newline
		} else if !errors.Is(err, io.EOF) {
			return err
		}
		line = line[:min(len(line), size, max)]
		if ferr := fn(n, line, size); ferr != nil {
			return ferr
		}
		if err != nil {
			return nil
		}
	}
}

// Input is one question of a batch: an operand, or a line of input.
type Input struct {
	Text string // the input as given (for an over-long line, its start)
	Line int    // its line number in the input (0 for an operand)
	Err  error  // the line could not be read
}

// ReadInputs yields every line of r that is not blank or a comment
// (starting with #), with its spaces trimmed, each exactly once and in
// order. A line longer than MaxLineBytes comes as an Input whose Err
// names its number and length. It reads until the end of r, so that every
// line gets its answer, then closes the channel.
func ReadInputs(r io.Reader) <-chan Input {
	out := make(chan Input)
	go func() {
		defer close(out)
		ScanLines(r, MaxLineBytes, func(n int, line []byte, size int) error {
			if size > MaxLineBytes {
				head := strings.ToValidUTF8(string(line[:64]), "?")
				out <- Input{Text: head + "...", Line: n, Err: fmt.Errorf("input line %d: %d bytes, longer than the limit of %d bytes a line", n, size, MaxLineBytes)}
			} else if t := strings.TrimSpace(string(line)); t != "" && !strings.HasPrefix(t, "#") {
				out <- Input{Text: t, Line: n}
			}
			return nil
		})
	}()
	return out
}

// Jobs numbers the inputs as jobs of a batch (NewJob; an input that could
// not be read is passed on with its error) until in is closed or ctx ends:
// an interrupt stops the reading too, since the input may be a terminal or
// a pipe that stays open.
func Jobs(ctx context.Context, in <-chan Input, prover *engine.Player) <-chan Job {
	jobs := make(chan Job)
	go func() {
		defer close(jobs)
		for i := 0; ; i++ {
			var l Input
			var ok bool
			select {
			case l, ok = <-in:
			case <-ctx.Done():
				return
			}
			if !ok {
				return
			}
			j := Job{Index: i, Text: l.Text, Err: l.Err}
			if l.Err == nil {
				j = NewJob(i, l.Text, prover)
			}
			select {
			case jobs <- j:
			case <-ctx.Done():
				return
			}
		}
	}()
	return jobs
}
