// Package gat speaks the protocol of the Geister AI tournaments (GAT, GPW):
// a client that enters our agents in a tournament, and a server that
// referees games between any two programs that speak it, as the
// tournament server does.
//
// The protocol is lines of ASCII ending in CRLF over TCP. The first player
// connects to port 10000, the second to 10001; the server sends SET? and
// the client answers SET:BCFG (which four of its pieces A-H are red). The
// server then sends MOV?<board> to the player to move, which answers
// MOV:<piece>,<N|E|W|S> and gets OK (OKR, OKB: it captured a red, a blue)
// or NG (illegal: the game is lost), until WON:, LST: or DRW:<board> ends
// the game. A board is 16 entries xyC, the receiver's pieces A-H then the
// opponent's a-h, all in the receiver's own frame (its home rows y = 4, 5,
// its exits (0,0) and (5,0)); captured pieces stand at 99, escaped ones at
// 88. There is no message for the opponent's move: the client infers it
// by comparing boards (see engine.GATBoard for the board format).
//
// The client (Connect) rebuilds the game from the boards alone, hands its
// agent (package player) exactly what its side may see, keeps a clock per
// move, and plays game after game, on one connection while the server
// keeps it, else connecting anew for each game as the tournament server
// requires; a game the server spoils (garbage, a contradicting board,
// silence, no end) fails alone and the next is played. The server
// (Listen, Server.Serve) checks every message (the legality of
// placements and moves, whose turn it is, a line-length limit), keeps a
// clock on every wait (the placement's included) and the ply limit, ends
// a game at once when a player forfeits and goes on to the next, and
// writes each game as a record of package match, which "geister replay"
// shows. How a game ended is a match.Reason: the rules' ends come from
// engine.Position.EndAfter, the forfeits are the referee's. Nothing a
// player receives before a game ends shows the opponent's colours.
package gat
