package data

import _ "embed"

// The trained weights θ of the GAT2021-winning Geister policy (repository
// KaoruShiga/geister_rl, MIT licence: haf/LICENSE, which ships with them).
// Each is a NumPy .npy file of 8128 little-endian float64 values; package
// haf reads and checks them.
var (
	//go:embed haf/vsself900_theta.npy
	hafVsself900 []byte
	//go:embed haf/vsself63_theta.npy
	hafVsself63 []byte
	//go:embed haf/LICENSE
	hafLicense string
)

// HAFLicense returns the licence of the HAF weights (MIT, copyright 2020
// KaoruShiga), which copies of them must carry.
func HAFLicense() string { return hafLicense }

// HAFWeights returns the embedded .npy file of the named θ: "900" is
// vsself2/vsself900 (9,000,000 self-play games), "63" is vsself/vsself63
// (about 3.15 M games, the file the program loaded when it won GAT2021).
// ok is false for any other name. The slice is shared: do not modify it.
func HAFWeights(name string) (file string, b []byte, ok bool) {
	switch name {
	case "900":
		return "vsself900_theta.npy", hafVsself900, true
	case "63":
		return "vsself63_theta.npy", hafVsself63, true
	}
	return "", nil, false
}
