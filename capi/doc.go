// Command capi is libgeister, the project's C library: endgame tables
// probed, positions solved and agents asked for their moves from C, C++,
// Python (ctypes) or any language with a C foreign-function interface.
//
//	go build -buildmode=c-shared  -o libgeister.so ./capi
//	go build -buildmode=c-archive -o libgeister.a  ./capi
//
// The interface is the hand-written header geister.h beside this file
// (the header cgo writes is not it): status codes and messages the caller
// frees, answers as the JSON lines of the geister command (probe --json,
// solve --json, move --json), computed by the same package functions, so
// that they are equal. No panic crosses the boundary; every function may
// be called from several threads at once. docs/use-from-your-program.md
// shows the C, Python, HTTP and Go routes side by side.
package main
