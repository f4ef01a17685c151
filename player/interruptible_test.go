package player_test

import (
	"context"
	"errors"
	"io"
	"testing"
	"time"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/player"
)

// stuck is an agent whose move waits for reply, whatever ctx says.
type stuck struct{ reply chan error }

func (s stuck) NewGame(engine.Player, uint64) engine.Placement { return 0 }
func (s stuck) Move(context.Context, *player.View) (engine.Move, error) {
	return engine.NoMove, <-s.reply
}

// An interrupt ends a move that waits on input; the end of the input is
// kept as the reason the agent gave no move, an interrupt is not.
func TestInterruptible(t *testing.T) {
	s := stuck{make(chan error, 1)}
	h := &player.Interruptible{Agent: s}
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(10 * time.Millisecond); cancel() }()
	if _, err := h.Move(ctx, nil); !errors.Is(err, context.Canceled) || h.Stopped != nil {
		t.Fatalf("interrupted: %v, stopped %v", err, h.Stopped)
	}
	s.reply <- nil // the read left behind ends
	e := stuck{make(chan error, 1)}
	e.reply <- io.EOF
	h = &player.Interruptible{Agent: e}
	if _, err := h.Move(context.Background(), nil); err != io.EOF || h.Stopped != io.EOF {
		t.Fatalf("end of input: %v, stopped %v", err, h.Stopped)
	}
}
