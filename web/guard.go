package web

import (
	"fmt"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// Same-origin rules. The board runs on the user's machine, so any web
// page the user visits could send it requests: a page of another site
// must not drive it (solves and games cost CPU and memory), and a name
// that resolves to this machine (DNS rebinding) must not read its answers.
// Each request passes guard before it reaches a handler:
//
//   - the Host header names this server: localhost, a loopback address,
//     or one of Config.Hosts (else 421);
//   - an Origin header, where present, is the board's own origin (else
//     403), and a browser's Sec-Fetch-Site says a request that may change
//     state comes from the board's own page (else 403);
//   - a request body has a media type that a page of another site cannot
//     send without asking the board first, which the board never allows:
//     application/json (a game record also JSON lines or a GAT log as
//     application/x-ndjson or application/octet-stream), else 415. A body
//     of text/plain is taken only from the board's own page (bodyType).

// maxHeader caps a request's header bytes (431 when over). The
// http.Server's own cap (ListenAndServe's) is higher, so the board
// answers this one in JSON.
const maxHeader = 64 << 10

// guard answers (and returns false) a request that breaks the rules
// above.
func (s *Server) guard(w http.ResponseWriter, r *http.Request) bool {
	if n := headerSize(r); n > maxHeader {
		writeErr(w, http.StatusRequestHeaderFieldsTooLarge, fmt.Sprintf("request header of %d bytes, more than this server's cap of %d", n, maxHeader))
		return false
	}
	if !s.hostAllowed(r.Host) {
		writeErr(w, http.StatusMisdirectedRequest, fmt.Sprintf("Host %q is not this server: the board answers requests to localhost, a loopback address or the address it listens on", r.Host))
		return false
	}
	if o := r.Header.Get("Origin"); o != "" && !sameOrigin(o, r) {
		writeErr(w, http.StatusForbidden, fmt.Sprintf("Origin %q: the board answers only its own page (%s)", o, ownOrigin(r)))
		return false
	}
	if err := s.cop.Check(r); err != nil {
		writeErr(w, http.StatusForbidden, "a request from another site's page: "+err.Error())
		return false
	}
	return true
}

// headerSize is about the bytes the request's line and header took.
func headerSize(r *http.Request) int {
	n := len(r.Method) + len(r.RequestURI) + len(r.Proto) + 4
	for k, vs := range r.Header {
		for _, v := range vs {
			n += len(k) + len(v) + 4
		}
	}
	return n + len(r.Host)
}

// hostAllowed says whether host (a Host header, with or without a port)
// names this server.
func (s *Server) hostAllowed(host string) bool {
	h := hostOnly(host)
	if h == "" {
		return false
	}
	if h == "localhost" {
		return true
	}
	ip := net.ParseIP(h)
	if ip != nil && ip.IsLoopback() {
		return true
	}
	for _, a := range s.cfg.Hosts {
		a = hostOnly(a)
		if a == h {
			return true
		}
		if ai := net.ParseIP(a); ai != nil && ip != nil && (ai.IsUnspecified() || ai.Equal(ip)) {
			return true
		}
	}
	return false
}

// hostOnly is the host part of host[:port] (without brackets), in lower
// case.
func hostOnly(hostport string) string {
	h := hostport
	if hh, _, err := net.SplitHostPort(hostport); err == nil {
		h = hh
	}
	h = strings.TrimSuffix(strings.TrimPrefix(h, "["), "]")
	return strings.ToLower(h)
}

// ownOrigin is the origin of the board's page as this request reached it.
func ownOrigin(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + strings.ToLower(r.Host)
}

// sameOrigin says whether the Origin header o is the board's own.
func sameOrigin(o string, r *http.Request) bool {
	u, err := url.Parse(o)
	if err != nil || u.Host == "" || u.Path != "" || u.RawQuery != "" {
		return false
	}
	return strings.ToLower(u.Scheme+"://"+u.Host) == ownOrigin(r)
}

// bodyType answers 415 (and returns false) unless the request's body has
// one of the media types want. pageText also takes text/plain, which a
// page of any site may send without asking, but only from the board's own
// page: with an Origin header, which guard has found to be the board's.
func bodyType(w http.ResponseWriter, r *http.Request, pageText bool, want ...string) bool {
	ct := r.Header.Get("Content-Type")
	mt, _, err := mime.ParseMediaType(ct)
	if err == nil {
		for _, t := range want {
			if mt == t {
				return true
			}
		}
		if pageText && mt == "text/plain" && r.Header.Get("Origin") != "" {
			return true
		}
	}
	msg := fmt.Sprintf("Content-Type %q: want %s", ct, strings.Join(want, " or "))
	if ct == "" {
		msg = "no Content-Type: want " + strings.Join(want, " or ")
	}
	writeErr(w, http.StatusUnsupportedMediaType, msg)
	return false
}
