package web

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"
)

// ListenAndServe serves the board of cfg on addr (host:port) until ctx
// ends, then shuts the server down, letting requests under way finish for
// up to five seconds. Once it listens it calls listening (when not nil)
// with the address, whose port is chosen when addr's is 0. The server
// bounds the time and size of request headers and bodies' reading.
func ListenAndServe(ctx context.Context, addr string, cfg Config, listening func(net.Addr)) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: NewServer(cfg), ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout: time.Minute, MaxHeaderBytes: 64 << 10}
	if listening != nil {
		listening(ln.Addr())
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		err := srv.Shutdown(sctx)
		if errors.Is(<-done, http.ErrServerClosed) && err == nil {
			return nil
		}
		return err
	}
}
