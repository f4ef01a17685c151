package web

import (
	"context"
	"errors"
	"net"
	"net/http"
	"slices"
	"time"
)

// ListenAndServe serves the board of cfg on addr (host:port) until ctx
// ends, then shuts the server down, letting requests under way finish for
// up to five seconds. Once it listens it calls listening (when not nil)
// with the address, whose port is chosen when addr's is 0. The server
// bounds the time and size of request headers and bodies' reading. The
// board answers requests whose Host names addr's host or the address it
// listens on (an unspecified address, as 0.0.0.0: any IP address of the
// machine) and, as always, localhost (see Config.Hosts).
func ListenAndServe(ctx context.Context, addr string, cfg Config, listening func(net.Addr)) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	cfg.Hosts = append(slices.Clone(cfg.Hosts), addr, ln.Addr().String()) // the name asked for, and its address
	// net/http answers headers over its cap in text; the board's own,
	// lower cap (maxHeader) answers in JSON.
	srv := &http.Server{Handler: NewServer(cfg), ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout: time.Minute, MaxHeaderBytes: 1 << 20}
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

// PageURL is the address of the board's page for a server listening on
// a, and whether a reaches beyond this machine (a host other than
// loopback, or every interface, as 0.0.0.0 and :: do): then anyone who
// can reach the machine on the network can use the board. For every
// interface the page's address names localhost.
func PageURL(a net.Addr) (url string, network bool) {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return "http://" + a.String() + "/", true
	}
	ip := net.ParseIP(host)
	switch {
	case ip != nil && ip.IsUnspecified():
		return "http://" + net.JoinHostPort("localhost", port) + "/", true
	case ip != nil && ip.IsLoopback(), host == "localhost":
		return "http://" + net.JoinHostPort(host, port) + "/", false
	}
	return "http://" + net.JoinHostPort(host, port) + "/", true
}
