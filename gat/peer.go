package gat

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"sync"
	"time"
)

// peer is one connection on the server side: a goroutine reads its lines
// (at most maxLine bytes each) and hands them over one at a time, so a
// client that floods is held back by TCP, never buffered without bound.
type peer struct {
	c      net.Conn
	events chan event
	done   chan struct{}
	once   sync.Once
	wbuf   []byte
	name   string
}

// event is a line a peer sent (without its line end), or the error that
// ended its stream.
type event struct {
	line string
	err  error
}

// errLineTooLong is the error of a peer that sends a line longer than the
// limit.
type errLineTooLong struct{ limit int }

func (e errLineTooLong) Error() string {
	return fmt.Sprintf("sent more than %d bytes without a line end", e.limit)
}

func newPeer(c net.Conn, maxLine int) *peer {
	p := &peer{c: c, events: make(chan event, 1), done: make(chan struct{}), name: c.RemoteAddr().String()}
	go p.read(maxLine)
	return p
}

func (p *peer) read(maxLine int) {
	br := bufio.NewReaderSize(p.c, maxLine)
	for {
		b, err := br.ReadSlice('\n')
		var ev event
		switch {
		case err == nil:
			b = b[:len(b)-1]
			if n := len(b); n > 0 && b[n-1] == '\r' {
				b = b[:n-1]
			}
			ev.line = string(b)
		case errors.Is(err, bufio.ErrBufferFull):
			ev.err = errLineTooLong{maxLine}
		case errors.Is(err, io.EOF):
			ev.err = io.EOF
		default:
			ev.err = err
		}
		select {
		case p.events <- ev:
		case <-p.done:
		}
		select {
		case <-p.done:
			// Closed or finishing: drain what the client still sends
			// (until the read deadline finish set, or the close), then
			// close.
			if ev.err == nil {
				io.Copy(io.Discard, io.LimitReader(br, 1<<20))
			}
			p.c.Close()
			return
		default:
		}
		if ev.err != nil {
			// The stream has ended; the connection is closed when the
			// server is done with the peer.
			<-p.done
			p.c.Close()
			return
		}
	}
}

// send writes one message, within timeout.
func (p *peer) send(m Message, timeout time.Duration) error {
	p.wbuf = AppendMessage(p.wbuf[:0], m)
	p.c.SetWriteDeadline(time.Now().Add(timeout))
	_, err := p.c.Write(p.wbuf)
	return err
}

// close ends the connection at once.
func (p *peer) close() {
	p.once.Do(func() {
		close(p.done)
		p.c.Close()
	})
}

// finish ends the connection after what was written has been sent: it
// shuts the sending side, lets the reader drain what the client still
// sends for up to linger, then closes. (Closing with unread input would
// reset the connection and could lose the last message.)
func (p *peer) finish(linger time.Duration) {
	p.once.Do(func() {
		close(p.done)
		if tc, ok := p.c.(interface{ CloseWrite() error }); ok {
			// The reader drains until the deadline or the client's
			// close, then closes.
			p.c.SetReadDeadline(time.Now().Add(linger))
			tc.CloseWrite()
			return
		}
		p.c.Close()
	})
}
