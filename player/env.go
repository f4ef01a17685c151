package player

// DefaultEnv returns the environment the command line gives agents: the
// endgame tables and the df-pn prover where they are available.
func DefaultEnv() Env {
	return Env{}
}
