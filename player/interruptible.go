package player

import (
	"context"

	"github.com/geister-solver/geister/engine"
)

// Interruptible wraps an agent whose Move waits on input that an
// interrupt does not stop (a person at a terminal): Move returns as soon
// as ctx ends, leaving the read behind, and Stopped keeps why the agent
// gave no move otherwise (a resignation, or io.EOF at the end of the
// input).
type Interruptible struct {
	Agent
	Stopped error
}

// Move waits for the agent's move, or for ctx to end.
func (h *Interruptible) Move(ctx context.Context, v *View) (engine.Move, error) {
	type reply struct {
		m   engine.Move
		err error
	}
	c := make(chan reply, 1)
	go func() {
		m, err := h.Agent.Move(ctx, v)
		c <- reply{m, err}
	}()
	select {
	case r := <-c:
		if r.err != nil && ctx.Err() == nil {
			h.Stopped = r.err
		}
		return r.m, r.err
	case <-ctx.Done():
		return engine.NoMove, ctx.Err()
	}
}
