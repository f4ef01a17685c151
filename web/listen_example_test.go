package web_test

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"

	"github.com/geister-solver/geister/web"
)

// Serve the board on a free port, ask it a question, and stop it.
func ExampleListenAndServe() {
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	addr := make(chan net.Addr, 1)
	done := make(chan error, 1)
	go func() {
		done <- web.ListenAndServe(ctx, "127.0.0.1:0", web.DefaultConfig(), func(a net.Addr) { addr <- a })
	}()
	resp, err := http.Post("http://"+(<-addr).String()+"/api/position", "application/json", strings.NewReader(`{"position":"uu1B2/6/R5/6/6/6 f R1r1"}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	fmt.Println(resp.StatusCode, strings.Contains(string(body), `"prover":"f"`))
	stop()
	fmt.Println(<-done)
	// Output:
	// 200 true
	// <nil>
}

// The page's address, and whether the board is reachable from the
// network.
func ExamplePageURL() {
	for _, a := range []string{"127.0.0.1:8080", "[::]:8080", "192.168.1.9:80"} {
		addr, _ := net.ResolveTCPAddr("tcp", a)
		fmt.Println(web.PageURL(addr))
	}
	// Output:
	// http://127.0.0.1:8080/ false
	// http://localhost:8080/ true
	// http://192.168.1.9:80/ true
}
