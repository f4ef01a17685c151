package words

import "testing"

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n    int64
		noun string
		want string
	}{
		{1, "piece", "1 piece"}, {2, "piece", "2 pieces"}, {0, "piece", "0 pieces"},
		{1, "entry", "1 entry"}, {3, "entry", "3 entries"}, {2, "ply", "2 plies"},
		{2, "loss", "2 losses"}, {2, "day", "2 days"}, {2, "match", "2 matches"},
		{-1, "point", "-1 point"}, {-2, "point", "-2 points"},
	} {
		if got := Count(c.n, c.noun); got != c.want {
			t.Errorf("Count(%d, %q) = %q, want %q", c.n, c.noun, got, c.want)
		}
	}
	if got := Count(uint64(1<<63+5), "node"); got != "9223372036854775813 nodes" {
		t.Errorf("large uint64: %q", got)
	}
	if got := Count(uint8(1), "game"); got != "1 game" {
		t.Errorf("uint8: %q", got)
	}
}
