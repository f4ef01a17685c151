#include "textflag.h"

// func prefetchBucket(b []entry)
TEXT ·prefetchBucket(SB), NOSPLIT|NOFRAME, $0-24
	MOVD b_base+0(FP), R0
	PRFM (R0), PLDL1KEEP
	PRFM 64(R0), PLDL1KEEP
	RET
