package player

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/geister-solver/geister/alphabeta"
	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/sampling"
	"github.com/geister-solver/geister/solver"
)

// Env is what agents may be given from outside: the terminal for human,
// endgame tables and a sure-win prover for the PurpleMax agents. Zero
// fields mean none.
type Env struct {
	In  io.Reader // where human reads moves
	Out io.Writer // where human prints the board and prompts
	// Tables are probed by purplemax at every node in their material.
	Tables purple.Tables
	// NewProver returns a df-pn sure-win prover, one per agent (agents
	// run in separate goroutines).
	NewProver func() Prover
	// Store, when set, is the proof store the df-pn prover consults
	// before searching and keeps its proofs in (see WithStore).
	Store solver.ProofStore
}

// Prover answers the sure-win questions PurpleMax asks at the root.
type Prover interface {
	// SureWin reports whether the side to move in p (all its colours
	// shown) surely wins, with a winning move and the plies of the proven
	// line, within about maxNodes nodes.
	SureWin(ctx context.Context, p *engine.Position, plyLimit int, maxNodes uint64) (m engine.Move, plies int, ok bool)
	// SureLoss reports whether the opponent of prover forces a win in p in
	// prover's purple game (a proven loss for prover). plyLimit is the
	// game's draw limit (0: none): wins after it do not count.
	SureLoss(ctx context.Context, p *engine.Position, prover engine.Player, plyLimit int, maxNodes uint64) bool
}

// Option describes one option of an agent.
type Option struct {
	Name    string
	Kind    string // int, duration, placement, float, bool, weights, A|B|C|none, negate|own
	Default string
	Help    string
}

// AgentInfo describes one agent name.
type AgentInfo struct {
	Name    string
	Help    string
	Options []Option
}

type agentType struct {
	AgentInfo
	build func(o *options, env Env) (Agent, error)
}

var commonOptions = []Option{
	{"reds", "placement", "", "letters A-H of the four red pieces (A-D front row, E-H back row, each from the player's own left), e.g. BCFG; default: the agent's own choice"},
	{"seed", "int", "0", "mixed into the seed of each game for the agent's random choices"},
}

var purpleMaxOptions = []Option{
	{"depth", "int", "6", "deepest iteration in plies (the root move counts); 0 = no depth bound (needs time)"},
	{"time", "duration", "0", "time per move (e.g. 50ms); 0 = no time bound"},
	{"tt", "int", "16", "transposition table size in MiB"},
	{"random", "bool", "false", "choose at random among the moves of equal best value (paper 000 §7: a deterministic player gives its colours away)"},
	{"dfpn", "int", "3000", "df-pn node budget of the root sure-win and proven-loss checks; 0 = off"},
	{"tables", "bool", "true", "probe the endgame tables where they cover the material (when tables are present)"},
	{"infer", "bool", "true", "when the purple game says every move loses, take the opponent's hidden pieces that stayed on its exits through its turn for red (a blue would have escaped) and search again"},
	{"fallback", "bool", "false", "when the purple game says every move loses, play the move best on average over the colour placements instead (it lost more games to Naotti1.1 than it saved: docs/results.md)"},
}

var agentTypes = []agentType{
	{AgentInfo{"random", "uniformly random legal moves, but escapes when it can (paper 000 §5)", nil}, newRandom},
	{AgentInfo{"blue-chototsu", "rule based: escapes; a blue on the far row walks to the nearer exit; else the blue nearest the far row steps forward (paper 000 §5, paper 001 §1)", nil}, newChototsu(engine.Blue, false)},
	{AgentInfo{"red-chototsu", "blue-chototsu with red pieces charging (paper 000 §5)", nil}, newChototsu(engine.Red, false)},
	{AgentInfo{"chototsu", "blue-chototsu with paper 001 §1's fixed placement: outer four blue, inner four red (reds BCFG)", nil}, newChototsu(engine.Blue, true)},
	{AgentInfo{"naotti10", "EACP with the blue-count evaluation (Naotti1.0, paper 000 §4.1, §5)", []Option{
		{"depth", "int", "5", "alpha-beta depth in plies (the move counts)"},
		{"random", "bool", "true", "choose at random among moves of equal value"},
	}}, newNaotti(alphabeta.BlueCount)},
	{AgentInfo{"naotti11", "EACP with the evaluation b - 0.001 D (Naotti1.1, paper 000 §5)", []Option{
		{"depth", "int", "5", "alpha-beta depth in plies (the move counts)"},
		{"random", "bool", "true", "choose at random among moves of equal value"},
	}}, newNaotti(alphabeta.BlueCountDistance)},
	{AgentInfo{"purplemax", "alpha-beta over purple pieces with Naotti1.1's evaluation (paper 000 §4.3, §5), iterative deepening, transposition table, endgame tables, df-pn root check", purpleMaxOptions}, newPurpleMax(false)},
	{AgentInfo{"keeper", "paper 002 Algorithm 1 (keepers on the opponent's exits); keepers E and H, one red", []Option{
		{"p", "float", "0.5", "probability of marking an opponent piece on an exit as red (Algorithm 1 step 8)"},
	}}, newKeeper},
	{AgentInfo{"keeper-purplemax", "purplemax that first moves two keepers onto the opponent's exits and holds them there, as SSM does (paper 002 §4)", purpleMaxOptions}, newPurpleMax(true)},
	{AgentInfo{"hayazashi", "the GAT2021 champion's policy (KaoruShiga/geister_rl): plays the first move whose afterstate scores highest, h = the sum of trained weights over its feature pairs; random reds; no search (docs/haf.md)", []Option{
		{"weights", "weights", "900", "900 (θ after 9,000,000 self-play games, as in paper 004), 63 (the file loaded when it won GAT2021) or the path of a .npy file"},
	}}, newHayazashi},
	{AgentInfo{"mc", "plain Monte Carlo: worlds drawn uniformly among those that agree with what was seen, one playout per legal move per world (paper 001 §2)", samplingOptions}, newSampling(false)},
	{AgentInfo{"upp", "UPP: Monte Carlo over worlds drawn by their values, which the last move's playouts update (paper 001 §3)", uppOptions}, newSampling(true)},
	{AgentInfo{"uct", "UCT (UCB1, c = sqrt 2) over one world drawn by red likelihood, square-first random playouts (paper 004 §5.1, §5.3, §5.4)", uctOptions}, newUCT},
	{AgentInfo{"expectimax", "expectimax: hidden colours as chance nodes between max and min (paper 003 §3), Naotti1.1's evaluation, endgame tables, df-pn sure-win check", expectimaxOptions}, newExpectimax},
	{AgentInfo{"beliefuct", "the strongest here (alias best): UCT over several worlds drawn from a belief about the opponent's colours, the HAF policy as root prior, endgame-table values at the leaves; proven sure wins played and kept, moves proven lost (the opponent surely wins in every world) avoided (docs/players.md)", beliefUCTOptions}, newBeliefUCT},
	{AgentInfo{"human", "a person at the terminal: shows the board and the legal moves, reads moves like d5d4 or d5^", nil}, newHuman},
}

// Agents describes every agent name with its own options (the options
// every agent takes, reds and seed, are listed by Help).
func Agents() []AgentInfo {
	out := make([]AgentInfo, len(agentTypes))
	for i, t := range agentTypes {
		out[i] = t.AgentInfo
	}
	return out
}

// Help returns a description of the agent names and options for command
// help texts.
func Help() string {
	var b strings.Builder
	b.WriteString("Agents are NAME or NAME:OPT=VALUE,OPT=VALUE. Every agent takes\n")
	for _, o := range commonOptions {
		fmt.Fprintf(&b, "  %-8s %s\n", o.Name, o.Help)
	}
	b.WriteString("Names:\n")
	for _, t := range agentTypes {
		fmt.Fprintf(&b, "  %s: %s\n", t.Name, t.Help)
		for _, o := range t.Options {
			fmt.Fprintf(&b, "      %s=%s (default %s): %s\n", o.Name, o.Kind, o.Default, o.Help)
		}
	}
	return b.String()
}

// Spec is a parsed agent spec: a name and its options.
type Spec struct {
	Name    string
	Options map[string]string
}

// String returns the spec in its canonical form: name, then the options
// sorted by name.
func (s Spec) String() string {
	if len(s.Options) == 0 {
		return s.Name
	}
	keys := make([]string, 0, len(s.Options))
	for k := range s.Options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + s.Options[k]
	}
	return s.Name + ":" + strings.Join(parts, ",")
}

// ParseSpec reads an agent spec such as "purplemax:depth=6,time=100ms" and
// checks the name, that each option exists for it and that its value has
// the option's kind.
func ParseSpec(s string) (Spec, error) {
	name, rest, hasOpts := strings.Cut(strings.TrimSpace(s), ":")
	name = strings.ToLower(strings.TrimSpace(name))
	t := findType(name)
	if t == nil {
		names := make([]string, len(agentTypes))
		for i, t := range agentTypes {
			names[i] = t.Name
		}
		return Spec{}, fmt.Errorf("player: agent %q: unknown name %q (known: %s)", s, name, strings.Join(names, ", "))
	}
	spec := Spec{Name: t.Name, Options: map[string]string{}}
	if !hasOpts {
		return spec, nil
	}
	if strings.TrimSpace(rest) == "" {
		return Spec{}, fmt.Errorf("player: agent %q: empty option list after ':'", s)
	}
	for _, kv := range strings.Split(rest, ",") {
		k, v, ok := strings.Cut(kv, "=")
		k, v = strings.ToLower(strings.TrimSpace(k)), strings.TrimSpace(v)
		if !ok || k == "" {
			return Spec{}, fmt.Errorf("player: agent %q: option %q: want NAME=VALUE", s, kv)
		}
		o := t.option(k)
		if o == nil {
			return Spec{}, fmt.Errorf("player: agent %q: %s has no option %q (options: %s)", s, t.Name, k, t.optionNames())
		}
		if _, dup := spec.Options[k]; dup {
			return Spec{}, fmt.Errorf("player: agent %q: option %q given twice", s, k)
		}
		if err := checkValue(*o, v); err != nil {
			return Spec{}, fmt.Errorf("player: agent %q: %w", s, err)
		}
		spec.Options[k] = v
	}
	return spec, nil
}

// New parses spec and returns the agent it names.
func New(spec string, env Env) (Agent, error) {
	sp, err := ParseSpec(spec)
	if err != nil {
		return nil, err
	}
	t := findType(sp.Name)
	o := &options{t: t, vals: sp.Options, spec: sp.String()}
	a, err := t.build(o, env)
	if err != nil {
		return nil, fmt.Errorf("player: agent %q: %w", spec, err)
	}
	return a, nil
}

func findType(name string) *agentType {
	switch name {
	case "naotti1.0":
		name = "naotti10"
	case "naotti1.1":
		name = "naotti11"
	case "best":
		name = "beliefuct"
	}
	for i := range agentTypes {
		if agentTypes[i].Name == name {
			return &agentTypes[i]
		}
	}
	return nil
}

func (t *agentType) option(k string) *Option {
	for _, list := range [][]Option{commonOptions, t.Options} {
		for i := range list {
			if list[i].Name == k {
				return &list[i]
			}
		}
	}
	return nil
}

func (t *agentType) optionNames() string {
	var names []string
	for _, list := range [][]Option{commonOptions, t.Options} {
		for _, o := range list {
			names = append(names, o.Name)
		}
	}
	return strings.Join(names, ", ")
}

func checkValue(o Option, v string) error {
	bad := func(want string) error { return fmt.Errorf("option %s=%q: want %s", o.Name, v, want) }
	switch o.Kind {
	case "int":
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 0 {
			return bad("a whole number ≥ 0")
		}
	case "duration":
		d, err := time.ParseDuration(v)
		if v == "0" {
			d, err = 0, nil
		}
		if err != nil || d < 0 {
			return bad("a duration such as 100ms or 2s")
		}
	case "placement":
		if _, err := engine.ParsePlacement(v); err != nil {
			return bad("four distinct letters A-H, e.g. BCFG")
		}
	case "float":
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || f <= 0 || f >= 1 {
			return bad("a number strictly between 0 and 1")
		}
	case "bool":
		if _, err := strconv.ParseBool(v); err != nil {
			return bad("true or false")
		}
	case "A|B|C|none":
		if _, err := sampling.ParseHAFMethod(v); err != nil {
			return bad("A, B, C or none")
		}
	case "negate|own":
		if _, err := sampling.ParseHAFView(v); err != nil {
			return bad("negate or own")
		}
	case "weights":
		if v == "" {
			return bad("900, 63 or the path of a .npy file")
		}
	}
	return nil
}

// options are an agent's parsed options with their defaults.
type options struct {
	t    *agentType
	vals map[string]string
	spec string
}

func (o *options) raw(k string) string {
	if v, ok := o.vals[k]; ok {
		return v
	}
	return o.t.option(k).Default
}

func (o *options) int(k string) int {
	n, _ := strconv.ParseInt(o.raw(k), 10, 64)
	return int(n)
}

func (o *options) uint64(k string) uint64 {
	n, _ := strconv.ParseUint(o.raw(k), 10, 64)
	return n
}

func (o *options) duration(k string) time.Duration {
	d, _ := time.ParseDuration(o.raw(k))
	return d
}

func (o *options) float(k string) float64 {
	f, _ := strconv.ParseFloat(o.raw(k), 64)
	return f
}

func (o *options) bool(k string) bool {
	b, _ := strconv.ParseBool(o.raw(k))
	return b
}

// placement returns the reds option, or ok = false when it is not given.
func (o *options) placement() (engine.Placement, bool) {
	v, ok := o.vals["reds"]
	if !ok {
		return 0, false
	}
	pl, _ := engine.ParsePlacement(v)
	return pl, true
}

// placer chooses placements: the reds option, or a default rule.
type placer struct {
	fixed    engine.Placement
	hasFixed bool
	seed     uint64
}

func newPlacer(o *options) placer {
	pl, ok := o.placement()
	return placer{fixed: pl, hasFixed: ok, seed: o.uint64("seed")}
}

// rand returns the random generator of a game.
func (p placer) rand(gameSeed uint64) *engine.Rand { return engine.NewRand(MixSeed(gameSeed, p.seed)) }

// place returns the fixed placement or one from choose.
func (p placer) place(r *engine.Rand, choose func(*engine.Rand) engine.Placement) engine.Placement {
	if p.hasFixed {
		return p.fixed
	}
	if choose == nil {
		return r.RandomPlacement()
	}
	return choose(r)
}
