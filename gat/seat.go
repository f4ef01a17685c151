package gat

import (
	"context"
	"errors"
	"fmt"
	"io"
	"reflect"
	"time"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/match"
)

// seated is what a seat brings to a game: the connection chosen and its
// answer to SET?; or a forfeit before the game began (the connection
// that did not answer in time, closed, or sent an over-long line); or,
// with err, no game at all (the context ended, or no player came).
type seated struct {
	p       *peer
	line    string
	forfeit match.Reason
	detail  string
	err     error
}

// candidate is a connection that may play seat i's next game: the one
// the last game was played on (old: sent SET? again) or a new one; each
// must answer SET? within its own clock. gone is the error that ended an
// old connection's stream before it answered.
type candidate struct {
	p        *peer
	old      bool
	deadline time.Time
	gone     error
}

// seat finds seat i's connection for game n: the first connection to
// answer SET?, the one the last game was played on or a new one. A new
// connection supersedes the last game's (its client connects anew for
// each game), and a move on the last game's connection is taken for one
// sent as that game ended, and skipped. The seat loses the game at once
// when a new connection closes before it answers or sends an over-long
// line, or when its clock (TimePerMove from SET?) runs out; the last
// game's connection may close, or cut a line, while a new one is made,
// and loses only if none comes within its clock. With no connection,
// the first game waits for one until the context ends, the others for
// Wait.
func (s *Server) seat(ctx context.Context, i, n int) seated {
	var cands []candidate
	if old := s.cur[i]; old != nil {
		s.cur[i] = nil
		if s.drainStale(old) && old.send(Message{Kind: KindSetQ}, s.cfg.TimePerMove) == nil {
			cands = append(cands, candidate{p: old, old: true, deadline: time.Now().Add(s.cfg.TimePerMove)})
		} else {
			s.drop(old)
		}
	}
	var noPlayer <-chan time.Time
	if n > 1 {
		t := time.NewTimer(s.cfg.Wait)
		defer t.Stop()
		noPlayer = t.C
	}
	clock := time.NewTimer(time.Hour)
	defer clock.Stop()
	dropAll := func(keep *peer) {
		for _, c := range cands {
			if c.p != keep {
				s.drop(c.p)
			}
		}
	}
	var live []int // the candidates whose events are selected, by case
	for {
		var clockC <-chan time.Time
		if len(cands) > 0 {
			first := cands[0].deadline
			for _, c := range cands[1:] {
				if c.deadline.Before(first) {
					first = c.deadline
				}
			}
			clock.Reset(time.Until(first))
			clockC = clock.C
		}
		cases := []reflect.SelectCase{
			{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(ctx.Done())},
			{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(s.accepted[i])},
			{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(noPlayer)},
			{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(clockC)},
		}
		live = live[:0]
		for j, c := range cands {
			if c.gone == nil {
				live = append(live, j)
				cases = append(cases, reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(c.p.events)})
			}
		}
		k, v, _ := reflect.Select(cases)
		if !clock.Stop() && k != 3 && clockC != nil {
			select {
			case <-clock.C:
			default:
			}
		}
		switch k {
		case 0:
			dropAll(nil)
			return seated{err: ctx.Err()}
		case 1:
			// A new connection, sent SET? when it was accepted.
			kept := cands[:0]
			for _, c := range cands {
				if c.old {
					s.drop(c.p)
				} else {
					kept = append(kept, c)
				}
			}
			cands = append(kept, candidate{p: v.Interface().(*peer), deadline: time.Now().Add(s.cfg.TimePerMove)})
			continue
		case 2:
			if len(cands) == 0 {
				return seated{err: fmt.Errorf("no %s player connected within %v", engine.Player(i).Name(), s.cfg.Wait)}
			}
			noPlayer = nil // a connection is on its clock
			continue
		case 3:
			now := time.Now()
			for _, c := range cands {
				if c.deadline.After(now) {
					continue
				}
				dropAll(c.p)
				if c.gone != nil {
					return s.lost(c.p, c.gone)
				}
				return seated{p: c.p, forfeit: match.ByTimeout,
					detail: fmt.Sprintf("did not answer SET? within %v", s.cfg.TimePerMove)}
			}
			continue
		}
		c := &cands[live[k-4]]
		ev := v.Interface().(event)
		switch {
		case ev.err == nil && c.old && isMove(ev.line):
			// A move sent as the last game ended (the opponent's forfeit
			// ended it while this player thought): it belongs to no game.
		case ev.err == nil:
			dropAll(c.p)
			return seated{p: c.p, line: ev.line}
		case c.old:
			// The client of the last game may be connecting anew.
			c.gone = ev.err
		default:
			dropAll(c.p)
			return s.lost(c.p, ev.err)
		}
	}
}

// lost is the forfeit of a seat whose connection's stream ended with err
// before its placement.
func (s *Server) lost(p *peer, err error) seated {
	var tooLong errLineTooLong
	if errors.As(err, &tooLong) {
		return seated{p: p, forfeit: match.ByIllegalMove, detail: fmt.Sprintf("%v when its placement (SET:) was asked for", err)}
	}
	return seated{p: p, forfeit: match.ByDisconnect, detail: disconnectText(err) + " before it sent its placement"}
}

// drainStale discards what a kept connection sent after its game ended
// and before the next SET? (a move sent as the opponent's forfeit ended
// the game, say): it belongs to no game. It reports whether the
// connection is still open.
func (s *Server) drainStale(p *peer) bool {
	for {
		select {
		case ev := <-p.events:
			if ev.err != nil {
				return false
			}
		default:
			return true
		}
	}
}

// isMove reports whether line is a well-formed move message.
func isMove(line string) bool {
	m, err := ParseClientMessage(line)
	return err == nil && m.Kind == KindMove
}

// disconnectText says how a connection's stream ended.
func disconnectText(err error) string {
	if errors.Is(err, io.EOF) {
		return "disconnected"
	}
	return fmt.Sprintf("disconnected (%v)", err)
}

// placements seats both players of game n and reads their placements.
// It returns the placements, and for each seat whose placement is not
// one (a forfeit before the game, an illegal SET:, another message) the
// reason and what happened. Each player is answered OK or NG as soon as
// its line is read; a player that forfeits loses whatever the other
// does, and the other is told as soon as it has placed. The seats'
// connections are left in s.cur (none for a disconnected one).
//
// placed is what the placements give: each seat's placement, or why it
// forfeits and what happened, and whether its connection is closed after
// the game (a forfeit's); and the players' addresses.
type placed struct {
	reds   [2]engine.Placement
	why    [2]match.Reason
	detail [2]string
	close  [2]bool
	names  [2]string
}

func (s *Server) placements(ctx context.Context, n int) (pl placed, err error) {
	var seats [2]seated
	done := make(chan int, 2)
	for i := 0; i < 2; i++ {
		go func() { seats[i] = s.seat(ctx, i, n); done <- i }()
	}
	for range 2 {
		i := <-done
		st := &seats[i]
		if st.err != nil {
			continue
		}
		pl.names[i] = st.p.name
		s.cur[i] = st.p
		switch st.forfeit {
		case match.ByDisconnect:
			s.drop(st.p)
			s.cur[i] = nil
			continue
		case match.ByTimeout:
			pl.close[i] = true
			continue
		case "":
			m, perr := ParseClientMessage(st.line)
			switch {
			case perr != nil:
				st.forfeit, st.detail = match.ByIllegalMove, perr.Error()
			case m.Kind != KindSet:
				st.forfeit, st.detail = match.ByIllegalMove, fmt.Sprintf("sent %s when its placement (SET:) was asked for", quote(st.line))
			default:
				pl.reds[i] = m.Reds
			}
		default:
			pl.close[i] = true // an over-long line
		}
		reply := Message{Kind: KindOK}
		if st.forfeit != "" {
			reply.Kind = KindNG
			pl.close[i] = true
		}
		st.p.send(reply, s.cfg.TimePerMove)
	}
	for i := 0; i < 2; i++ {
		if seats[i].err != nil {
			return pl, seats[i].err
		}
		pl.why[i] = seats[i].forfeit
		if pl.why[i] != "" {
			pl.detail[i] = fmt.Sprintf("the %s player's placement: %s", engine.Player(i).Name(), seats[i].detail)
		}
	}
	return pl, nil
}
