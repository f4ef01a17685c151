// Package tournament plays round robins and gauntlets between agents of
// package player, keeps every finished game in a results file (one JSON
// object a line) so that an interrupted tournament resumes where it
// stopped, and rates the agents from the results (Bradley–Terry on the
// Elo scale, with bootstrap intervals and a pairwise score table).
//
//	cfg := tournament.Config{Agents: []string{"random", "chototsu"}, Games: 10, Seed: 1}
//	res, err := tournament.Run(ctx, cfg, file)
package tournament

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/match"
	"github.com/geister-solver/geister/player"
	"github.com/geister-solver/geister/pool"
)

// Config describes a tournament. With Gauntlet empty it is a round robin
// over Agents (every pair once); otherwise Gauntlet plays each of Agents.
// Each pairing plays Games games, its first agent first in the
// even-numbered games and second in the odd ones. Game g of pairing k is
// seeded from Seed, k and g alone (GameSeed), so results do not depend on
// Threads (for agents without time budgets), and a tournament resumed
// with more Games plays the same games as one run with that many.
type Config struct {
	Agents   []string
	Gauntlet string
	// Placements, when not empty, makes the tournament paper 002's
	// placement study (experiment 2): Agents must be two, A and B, and
	// every one of A's 70 red placements meets every one of B's (see
	// Study).
	Placements bool
	Games      int
	Seed       uint64
	PlyLimit   int // 0: none
	Threads    int // games played at once; 0: one per CPU
	// Env gives the agents their tables and prover; its proof store is
	// not used (player.Env.WithoutStore): games depend on their seeds
	// only, so a resumed or grown tournament plays the games a straight
	// run would.
	Env player.Env
	// Progress, when not nil, is called after each game (from one
	// goroutine at a time).
	Progress func(Progress)
}

// Progress is the state of a running tournament.
type Progress struct {
	Done, Games int // Done counts games of earlier runs too
	Resumed     int // games found in the results file
	Elapsed     time.Duration
}

// Settings identify a tournament in its results file: resuming with
// other settings is an error.
type Settings struct {
	Agents   []string `json:"agents"`
	Gauntlet string   `json:"gauntlet,omitempty"`
	// Placements: Agents are A and B, each played with every red
	// placement.
	Placements bool   `json:"placements,omitempty"`
	Games      int    `json:"games"`
	Seed       uint64 `json:"seed"`
	PlyLimit   int    `json:"ply_limit"`
	// Seeding is how game seeds derive: 1 (every new tournament) from the
	// seed, pairing and game; 0 (files written before it existed) from
	// the seed and pairing*Games+game, so their Games cannot grow.
	Seeding int `json:"seeding,omitempty"`
}

// header is the first line of a results file.
type header struct {
	Tournament Settings `json:"tournament"`
}

// Pairing is two agents that meet.
type Pairing struct{ A, B string }

// Game is one finished game, a line of the results file. Its identity
// is (Pair, Game, Seed).
type Game struct {
	Pair   int    `json:"pair"` // index in Settings.Pairings
	Game   int    `json:"game"` // index within the pairing
	Seed   uint64 `json:"seed"`
	First  string `json:"first"`
	Second string `json:"second"`
	// Result is "first", "second" or "draw".
	Result     string `json:"result"`
	Reason     string `json:"reason"`
	Plies      int    `json:"plies"`
	FirstReds  string `json:"first_reds"`
	SecondReds string `json:"second_reds"`
	// Moves are the game's moves (files written before they were kept
	// have none).
	Moves []string `json:"moves,omitempty"`
	// MoveTimes are the first's and the second's move times, wall clock
	// (files written before they were kept have none).
	MoveTimes []match.MoveTimes `json:"move_times,omitempty"`
}

// Record returns game g as a match record numbered i (geister analyze and
// replay read those), or false when the file kept no moves for it.
func (g *Game) Record(i, plyLimit int) (match.Record, bool) {
	if len(g.Moves) == 0 && g.Plies > 0 {
		return match.Record{}, false
	}
	return match.Record{Game: i, Seed: g.Seed, First: g.First, Second: g.Second, FirstReds: g.FirstReds,
		SecondReds: g.SecondReds, Moves: g.Moves, Result: g.Result, Reason: g.Reason, Plies: g.Plies, PlyLimit: plyLimit}, true
}

// Pairings lists the pairings of s in order.
func (s Settings) Pairings() []Pairing {
	var ps []Pairing
	if s.Placements {
		for _, pa := range AllPlacements() {
			for _, pb := range AllPlacements() {
				ps = append(ps, Pairing{withReds(s.Agents[0], pa), withReds(s.Agents[1], pb)})
			}
		}
		return ps
	}
	if s.Gauntlet != "" {
		for _, a := range s.Agents {
			ps = append(ps, Pairing{s.Gauntlet, a})
		}
		return ps
	}
	for i := range s.Agents {
		for j := i + 1; j < len(s.Agents); j++ {
			ps = append(ps, Pairing{s.Agents[i], s.Agents[j]})
		}
	}
	return ps
}

// Players lists every agent of s, the gauntlet's first.
func (s Settings) Players() []string {
	if s.Placements {
		var out []string
		for _, a := range s.Agents {
			for _, pl := range AllPlacements() {
				out = append(out, withReds(a, pl))
			}
		}
		return out
	}
	if s.Gauntlet != "" {
		return append([]string{s.Gauntlet}, s.Agents...)
	}
	return append([]string(nil), s.Agents...)
}

// sameBut reports whether s and t are the same tournament but for the
// games a pairing.
func (s Settings) sameBut(t Settings) bool {
	return strings.Join(s.Agents, "\x00") == strings.Join(t.Agents, "\x00") && s.Gauntlet == t.Gauntlet && s.Placements == t.Placements &&
		s.Seed == t.Seed && s.PlyLimit == t.PlyLimit && s.Seeding == t.Seeding
}

// extends reports whether t may follow s in a results file: the same
// tournament, with as many games a pairing or more (only where seeds do
// not depend on the games a pairing).
func (s Settings) extends(t Settings) bool {
	return s.sameBut(t) && (t.Games == s.Games || t.Games > s.Games && s.Seeding == 1)
}

// Settings returns the settings of cfg, the agent specs in canonical form.
func (cfg Config) Settings() (Settings, error) {
	s := Settings{Games: cfg.Games, Seed: cfg.Seed, PlyLimit: cfg.PlyLimit, Placements: cfg.Placements, Seeding: 1}
	canon := func(a string) (string, error) {
		sp, err := player.ParseSpec(a)
		if err != nil {
			return "", err
		}
		if sp.Name == "human" {
			return "", fmt.Errorf("tournament: agent %q: human does not play in tournaments", a)
		}
		return sp.String(), nil
	}
	seen := map[string]bool{}
	for _, a := range cfg.Agents {
		c, err := canon(a)
		if err != nil {
			return s, err
		}
		if seen[c] && !cfg.Placements {
			return s, fmt.Errorf("tournament: agent %q given twice", c)
		}
		seen[c] = true
		s.Agents = append(s.Agents, c)
	}
	if cfg.Placements {
		if len(s.Agents) != 2 || cfg.Gauntlet != "" {
			return s, errors.New("tournament: the placement study takes two agents, A and B, and no gauntlet")
		}
		for _, a := range cfg.Agents {
			if sp, _ := player.ParseSpec(a); sp.Options["reds"] != "" {
				return s, fmt.Errorf("tournament: agent %q: the placement study sets reds itself", a)
			}
		}
		if s.Agents[0] == s.Agents[1] {
			return s, errors.New("tournament: the placement study wants two different agents (add seed=1 to one to tell them apart)")
		}
	}
	if cfg.Gauntlet != "" {
		c, err := canon(cfg.Gauntlet)
		if err != nil {
			return s, err
		}
		if seen[c] {
			return s, fmt.Errorf("tournament: the gauntlet agent %q is also in the list", c)
		}
		s.Gauntlet = c
	}
	if cfg.Games < 1 {
		return s, errors.New("tournament: want at least one game per pairing")
	}
	if len(s.Pairings()) == 0 {
		return s, errors.New("tournament: want at least two agents (or a gauntlet agent and one other)")
	}
	return s, nil
}

// ReadResults reads a results file: its settings and its games. A line
// that is not a well-formed result (a corrupt or truncated line) is an
// error naming it; so is a game that does not belong to the settings or
// appears twice. An empty file gives zero settings and no error. A header
// line after the first extends the tournament to more games a pairing
// (Run writes one when resumed with a larger Games); the settings
// returned are the last header's.
func ReadResults(r io.Reader) (Settings, []Game, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	var s Settings
	var out []Game
	line := 0
	seen := map[[2]int]bool{}
	var pairs []Pairing
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		dec := json.NewDecoder(strings.NewReader(text))
		dec.DisallowUnknownFields()
		if line == 1 || strings.HasPrefix(text, `{"tournament":`) {
			var h header
			if err := dec.Decode(&h); err != nil || dec.More() || h.Tournament.Games < 1 {
				return s, out, fmt.Errorf("tournament: results line %d: not a tournament header: %q", line, clip(text))
			}
			if line > 1 && !s.extends(h.Tournament) {
				return s, out, fmt.Errorf("tournament: results line %d: a header that does not extend the tournament of line 1 to more games: %q", line, clip(text))
			}
			s = h.Tournament
			pairs = s.Pairings()
			continue
		}
		var res Game
		if err := dec.Decode(&res); err != nil || dec.More() {
			return s, out, fmt.Errorf("tournament: results line %d: corrupt or truncated: %q", line, clip(text))
		}
		switch res.Result {
		case "first", "second", "draw":
		default:
			return s, out, fmt.Errorf("tournament: results line %d: result %q: want first, second or draw", line, res.Result)
		}
		if res.Pair < 0 || res.Pair >= len(pairs) || res.Game < 0 || res.Game >= s.Games {
			return s, out, fmt.Errorf("tournament: results line %d: pair %d game %d is not in this tournament", line, res.Pair, res.Game)
		}
		if res.Seed != gameSeed(s, res.Pair, res.Game) {
			return s, out, fmt.Errorf("tournament: results line %d: seed %d is not the seed of pair %d game %d", line, res.Seed, res.Pair, res.Game)
		}
		if f, sec := seats(pairs[res.Pair], res.Game); f != res.First || sec != res.Second {
			return s, out, fmt.Errorf("tournament: results line %d: players %s and %s are not those of pair %d game %d", line, res.First, res.Second, res.Pair, res.Game)
		}
		k := [2]int{res.Pair, res.Game}
		if seen[k] {
			return s, out, fmt.Errorf("tournament: results line %d: pair %d game %d appears twice", line, res.Pair, res.Game)
		}
		seen[k] = true
		out = append(out, res)
	}
	if err := sc.Err(); err != nil {
		return s, out, fmt.Errorf("tournament: results line %d: %w", line+1, err)
	}
	return s, out, nil
}

func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}

func gameSeed(s Settings, pair, game int) uint64 {
	if s.Seeding == 1 {
		return GameSeed(s.Seed, pair, game)
	}
	return match.GameSeed(s.Seed, pair*s.Games+game)
}

// GameSeed is the seed of game g of pairing k in a tournament seeded by
// seed (Settings.Seeding 1): it depends on nothing else, so a tournament
// extended to more games a pairing keeps the games it has.
func GameSeed(seed uint64, k, g int) uint64 {
	return match.GameSeed(seed, k<<32|g)
}

// seats returns who plays first and second in game g of pairing p.
func seats(p Pairing, g int) (string, string) {
	if g%2 == 0 {
		return p.A, p.B
	}
	return p.B, p.A
}

// maxKeptAgents bounds the agents a worker keeps between games.
const maxKeptAgents = 8

// Run plays the tournament of cfg, keeping its results in f: a new
// (empty) file gets the header line; a file with results resumes, playing
// only the games it lacks, and is an error if its settings differ from
// cfg's. Each finished game is appended as one line at once. Run returns
// every result (the file's and the new ones); when ctx ends it, those
// finished so far with ctx's error.
func Run(ctx context.Context, cfg Config, f io.ReadWriteSeeker) ([]Game, error) {
	s, err := cfg.Settings()
	if err != nil {
		return nil, err
	}
	old, done, err := ReadResults(f)
	if err != nil {
		return nil, err
	}
	if old.Games == 0 {
		if _, err := f.Seek(0, io.SeekEnd); err != nil {
			return nil, err
		}
		line, _ := json.Marshal(header{s})
		if _, err := f.Write(append(line, '\n')); err != nil {
			return nil, err
		}
	} else {
		if old.Seeding == 0 {
			s.Seeding = 0 // a file from before tournaments could grow
		}
		switch {
		case s.sameBut(old) && s.Games < old.Games:
			return nil, fmt.Errorf("tournament: the results file holds %d games a pairing; give --games %d or more to resume it", old.Games, old.Games)
		case s.sameBut(old) && s.Games > old.Games && old.Seeding != 1:
			return nil, fmt.Errorf("tournament: the results file holds %d games a pairing and was written before tournaments could grow (its game seeds depend on the games a pairing): give --games %d to resume it, or another file", old.Games, old.Games)
		case !old.extends(s):
			a, _ := json.Marshal(old)
			b, _ := json.Marshal(s)
			return nil, fmt.Errorf("tournament: the results file holds another tournament: %s, not %s; give another file, or the same settings to resume", a, b)
		}
		if _, err := f.Seek(0, io.SeekEnd); err != nil {
			return nil, err
		}
		// A truncated last line without its newline was reported by
		// ReadResults; a complete file ends in one.
		if s.Games > old.Games {
			line, _ := json.Marshal(header{s})
			if _, err := f.Write(append(line, '\n')); err != nil {
				return nil, err
			}
		}
	}
	pairs := s.Pairings()
	finished := map[int]bool{}
	for _, r := range done {
		finished[r.Pair*s.Games+r.Game] = true
	}
	// Games are played round by round: game 0 of every pairing, then
	// game 1, and so on. A tournament stopped early then holds about as
	// many games of every pairing (its ratings mean something), and the
	// slow pairings do not all come at the end.
	var todo []int
	for g := 0; g < s.Games; g++ {
		for p := range pairs {
			if i := p*s.Games + g; !finished[i] {
				todo = append(todo, i)
			}
		}
	}
	all := append([]Game(nil), done...)
	if len(todo) == 0 {
		return all, nil
	}
	jobs := cfg.Threads
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	jobs = min(jobs, len(todo))
	cfg.Env = cfg.Env.WithoutStore()
	// Check every spec builds before starting.
	for _, a := range s.Players() {
		if _, err := player.New(a, cfg.Env); err != nil {
			return nil, err
		}
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// The first error a game meets; the games still running are then
	// cancelled, and their cancellation is not reported in its place.
	var failMu sync.Mutex
	var failed error
	fail := func(err error) error {
		failMu.Lock()
		defer failMu.Unlock()
		if failed == nil {
			failed = err
			cancel()
		}
		return failed
	}
	start := time.Now()
	err = pool.Unordered(jobs, slices.Values(todo), func(int) func(int) (Game, error) {
		// Each worker keeps the agents of the specs it met, for the next
		// game (an agent starts every game afresh: NewGame), but at most
		// maxKeptAgents: a placement study has 140 specs, and a
		// PurpleMax keeps its tables (16 MiB and more) between games;
		// keeping them all took 10 GB. When full, the agent unused the
		// longest goes.
		agents := map[string]player.Agent{}
		used := map[string]int{}
		clock := 0
		get := func(spec string) (player.Agent, error) {
			clock++
			if a, ok := agents[spec]; ok {
				used[spec] = clock
				return a, nil
			}
			if len(agents) >= maxKeptAgents {
				oldest := ""
				for k, u := range used {
					if oldest == "" || u < used[oldest] {
						oldest = k
					}
				}
				delete(agents, oldest)
				delete(used, oldest)
			}
			a, err := player.New(spec, cfg.Env)
			if err == nil {
				agents[spec], used[spec] = a, clock
			}
			return a, err
		}
		var buf []engine.Move
		return func(id int) (Game, error) {
			if err := ctx.Err(); err != nil {
				return Game{}, fail(err)
			}
			pair, game := id/s.Games, id%s.Games
			fs, ss := seats(pairs[pair], game)
			first, err := get(fs)
			if err != nil {
				return Game{}, fail(err)
			}
			second, err := get(ss)
			if err != nil {
				return Game{}, fail(err)
			}
			seed := gameSeed(s, pair, game)
			g, err := match.Play(ctx, first, second, seed, s.PlyLimit, buf, nil)
			buf = g.Moves
			if err != nil {
				return Game{}, fail(err)
			}
			rec := match.RecordOf(g, game, fs, ss, s.PlyLimit)
			r := Game{Pair: pair, Game: game, Seed: seed, First: fs, Second: ss,
				Result: rec.Result, Reason: string(g.Reason), Plies: len(g.Moves), FirstReds: rec.FirstReds, SecondReds: rec.SecondReds,
				Moves: rec.Moves}
			mt := g.MoveTimes()
			r.MoveTimes = mt[:]
			return r, nil
		}
	}, func(_ int, r Game) error {
		// Each game is written as it ends, whatever the order, in one
		// write: a finished game is never held back.
		line, _ := json.Marshal(r)
		if _, err := f.Write(append(line, '\n')); err != nil {
			return fail(err)
		}
		all = append(all, r)
		if cfg.Progress != nil {
			cfg.Progress(Progress{Done: len(all), Games: len(pairs) * s.Games, Resumed: len(done), Elapsed: time.Since(start)})
		}
		return nil
	})
	if err != nil {
		err = fail(err) // the first failure, not a game it cancelled
	}
	if err == nil && len(all) < len(pairs)*s.Games {
		err = ctx.Err()
	}
	return all, err
}

// Records reads a results file (ReadResults) and returns its games as
// match records, numbered in the file's order, for the commands that read
// records (geister analyze, replay). A game the file kept no moves for (a
// file written before results kept them) is an error naming it.
func Records(r io.Reader) ([]match.Record, error) {
	s, games, err := ReadResults(r)
	if err != nil {
		return nil, err
	}
	out := make([]match.Record, 0, len(games))
	for i := range games {
		rec, ok := games[i].Record(i, s.PlyLimit)
		if !ok {
			return nil, fmt.Errorf("tournament: pair %d game %d: the results file kept no moves (it was written before results kept them)", games[i].Pair, games[i].Game)
		}
		out = append(out, rec)
	}
	return out, nil
}

// IsResults reports whether data (the start of a file will do) is a
// tournament results file: its first line is a tournament header.
func IsResults(data []byte) bool {
	return bytes.HasPrefix(bytes.TrimLeft(data, " \t\r\n"), []byte(`{"tournament":`))
}
