package engine

import (
	"strings"
	"testing"
)

// Parse errors name characters, never bytes of one.
func TestParseErrorsNameCharacters(t *testing.T) {
	_, err := ParsePosition("ü♟️/6/6/6/6/6 f R1r1")
	if err == nil || !strings.Contains(err.Error(), `"ü" is not a piece`) {
		t.Errorf("ParsePosition: %v", err)
	}
	_, err = ParsePosition("uu1B2/6/R5/6/6/6♟ f R1r1")
	if err == nil || !strings.Contains(err.Error(), `"♟" is not a piece`) {
		t.Errorf("ParsePosition: %v", err)
	}
	_, err = ParseGATBoard("ü" + strings.Repeat("9", 47))
	if err == nil || !strings.Contains(err.Error(), `character 1 "ü"`) {
		t.Errorf("ParseGATBoard, 48 characters: %v", err)
	}
	_, err = ParseGATBoard("ü" + strings.Repeat("9", 48))
	if err == nil || !strings.Contains(err.Error(), "has 49 characters") {
		t.Errorf("ParseGATBoard, 49 characters: %v", err)
	}
	_, err = ParseMove("é1e2")
	if err == nil || !strings.Contains(err.Error(), `"é1" is not a board square`) {
		t.Errorf("ParseMove: %v", err)
	}
	if m, err := ParseMove("d1→"); err != nil || m.String() != "d1e1" {
		t.Errorf("ParseMove(d1→) = %v, %v", m, err)
	}
}
