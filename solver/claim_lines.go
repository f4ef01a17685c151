package solver

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"
)

// MaxClaimLineBytes bounds a line of CheckLines: a longer line is invalid.
const MaxClaimLineBytes = 16 << 20

// LineResult is the check of one numbered answer line.
type LineResult struct {
	Line int `json:"line"`
	ClaimResult
}

// Text is the result as "geister verify" prints it, the line named by the
// input's name and its number: "NAME:N: ok: ...", "NAME:N: DISAGREE: ...".
func (r LineResult) Text(name string) string {
	status := r.Status
	if status == "disagree" {
		status = "DISAGREE"
	}
	return fmt.Sprintf("%s:%d: %s: %s", name, r.Line, status, r.Message)
}

// ClaimCounts counts the results of CheckLines by status.
type ClaimCounts struct {
	Confirmed     int `json:"confirmed"`
	Disagreements int `json:"disagreements"`
	Invalid       int `json:"invalid"`
	Skipped       int `json:"skipped"`
}

// Failed reports a disagreement or an invalid line.
func (c ClaimCounts) Failed() bool { return c.Disagreements+c.Invalid > 0 }

func (c ClaimCounts) String() string {
	return fmt.Sprintf("%d wins confirmed, %d disagreements, %d invalid lines, %d lines without a win to check", c.Confirmed, c.Disagreements, c.Invalid, c.Skipped)
}

// CheckLines checks every non-blank line of r as an answer line
// (CheckLine, each within timeout) and calls emit with each result in
// order; a line longer than MaxClaimLineBytes is invalid. When ctx ends
// it stops after the line being checked, with an error naming it.
func CheckLines(ctx context.Context, r io.Reader, exact bool, timeout time.Duration, ttMegabytes int, emit func(LineResult)) (ClaimCounts, error) {
	var c ClaimCounts
	err := ScanLines(r, MaxClaimLineBytes, func(n int, line []byte, size int) error {
		text := strings.TrimSpace(string(line))
		if text == "" && size <= MaxClaimLineBytes {
			return nil
		}
		out := LineResult{Line: n, ClaimResult: ClaimResult{Status: "invalid", Message: fmt.Sprintf("%v: the line is longer than 16 MiB", ErrInvalidClaim)}}
		if size <= MaxClaimLineBytes {
			out.ClaimResult = CheckLine(ctx, []byte(text), exact, timeout, ttMegabytes)
		}
		switch out.Status {
		case "ok":
			c.Confirmed++
		case "disagree":
			c.Disagreements++
		case "invalid":
			c.Invalid++
		case "skipped":
			c.Skipped++
		}
		emit(out)
		if ctx.Err() != nil {
			return fmt.Errorf("interrupted after line %d", n)
		}
		return nil
	})
	return c, err
}
