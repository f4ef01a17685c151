/*
 * geister.h: the C interface of libgeister, the Geister sure-win solver,
 * endgame tables and agents of the geister project.
 *
 * Build the library from the module's root:
 *
 *   go build -buildmode=c-shared  -o libgeister.so ./capi   (shared)
 *   go build -buildmode=c-archive -o libgeister.a  ./capi   (static; link
 *                                   with -lpthread -lm, and -ldl on old libcs)
 *
 * and compile against this header (cc -I capi prog.c -L. -lgeister).
 *
 * Positions are SPEC strings, e.g. "uu1B2/6/R5/6/6/6 f R1r1" (the board,
 * the side to move f or s, the reds on the board R<n>r<m>, the optional
 * ply); moves are from-to text, e.g. "d1e1" (an escape: "a1a0", "f1f0",
 * "a6a7", "f6f7"). All strings are UTF-8 and NUL-terminated.
 *
 * Answers are JSON objects of one line, the same as the geister command's
 * "--json" output (probe, solve, move). Every string the library returns
 * through a char ** is allocated by it and freed by the caller with
 * geister_free; nothing else is to be freed.
 *
 * Errors: every function that can fail returns a status code (GEISTER_OK,
 * GEISTER_NOT_HELD, or a negative GEISTER_ERR_*) and, when its last
 * argument `char **error` is not NULL, sets *error to a message naming the
 * bad input (or to NULL on success); free it with geister_free. A null
 * pointer where a string or a result is wanted is GEISTER_ERR_ARGUMENT,
 * never a crash; so is a string that is not UTF-8. A fault inside the
 * library is caught and returned as GEISTER_ERR_INTERNAL (one exception:
 * a table file cut short makes the storage engine fail while opening, in
 * a thread of its own, and the process ends).
 *
 * Threads: every function may be called from several threads at once.
 * A geister_tables handle may be shared between threads (probes run side
 * by side); closing it must not race with calls that use it, and after
 * geister_tables_close every call on it returns GEISTER_ERR_CLOSED.
 * Solves and moves share nothing: each call has its own search.
 *
 * Stability: this interface follows GEISTER_API_VERSION. Within a major
 * version, functions, codes and struct layouts only get added, never
 * changed; the JSON objects may gain fields.
 */
#ifndef GEISTER_H
#define GEISTER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GEISTER_API_VERSION_MAJOR 1
#define GEISTER_API_VERSION_MINOR 0

/* Status codes. */
#define GEISTER_OK 0
/* The tables do not hold the position (its class is not built, the
 * opponent shows colours, ...): not an error of the caller. */
#define GEISTER_NOT_HELD 1
/* A null pointer, a string that is not UTF-8, an option out of range. */
#define GEISTER_ERR_ARGUMENT (-1)
/* A position that cannot be read, a finished game, a prover that hides
 * colours. */
#define GEISTER_ERR_POSITION (-2)
/* A table directory that is missing or not a table store, a corrupted
 * table, a store in use by a build. */
#define GEISTER_ERR_TABLES (-3)
/* An agent spec that cannot be read. */
#define GEISTER_ERR_AGENT (-4)
/* A fault inside the library (please report it with the message). */
#define GEISTER_ERR_INTERNAL (-5)
/* A geister_tables handle used after geister_tables_close. */
#define GEISTER_ERR_CLOSED (-6)

/* Results (geister_probe_result.result). */
#define GEISTER_UNKNOWN 0
#define GEISTER_WIN 1
#define GEISTER_NO_WIN 2

/* The library's version: "<major>.<minor> geister <module version> ...".
 * A static string: do not free it. */
const char *geister_version(void);

/* Frees a string the library returned (NULL is allowed). */
void geister_free(char *s);

/* An open set of endgame tables (read-only). */
typedef struct geister_tables geister_tables;

/* Opens the table stores in dir read-only; several directories are
 * separated by ':' ("DIR1:DIR2"), as the command's --table accepts. On
 * success *tables is the handle (close it with geister_tables_close). */
int geister_tables_open(const char *dir, geister_tables **tables, char **error);

/* Closes the tables. The handle's few bytes are kept, so that a later use
 * is GEISTER_ERR_CLOSED and not a crash; NULL is GEISTER_ERR_ARGUMENT. */
int geister_tables_close(geister_tables *tables, char **error);

/* A table's answer for one position. */
typedef struct geister_probe_result {
  int result;     /* GEISTER_WIN or GEISTER_NO_WIN */
  int prover;     /* whose sure win was asked: 'f' or 's' */
  int plies;      /* a win: the exact distance to win (DTW) in plies; else 0 */
  int loss_plies; /* a no-win where the prover's opponent forces a win in
                     the purple game: its distance; else 0 */
  char move[8];   /* a win with the prover to move: a best move ("d1e1");
                     else "" (geister_probe_value leaves it "") */
} geister_probe_result;

/* The prover argument: 0 for the default (the side showing all its
 * colours; if both do, the side to move), 'f' or 's' to name one. */

/* Probes the tables: the answer of "geister probe", without the line.
 * GEISTER_OK fills *result; GEISTER_NOT_HELD means the tables do not hold
 * the position (*error says why); other codes are errors. */
int geister_probe(geister_tables *tables, const char *position, int prover,
                  geister_probe_result *result, char **error);

/* geister_probe without the best move: one table lookup, the fast path
 * for engines that probe at every node. */
int geister_probe_value(geister_tables *tables, const char *position, int prover,
                        geister_probe_result *result, char **error);

/* Probes the tables and sets *json to the line "geister probe --json"
 * prints (with the principal line "pv"); for GEISTER_NOT_HELD,
 * GEISTER_ERR_POSITION and GEISTER_ERR_TABLES, *json is the command's
 * error object {"position":...,"error":...}; for the other errors it is
 * NULL. Free *json with geister_free. */
int geister_probe_json(geister_tables *tables, const char *position, int prover,
                       char **json, char **error);

/* The budgets and question of a solve. Zero everywhere is the default
 * question: any sure win, no budget. Initialise with
 * geister_solve_options_init, then set fields. */
typedef struct geister_solve_options {
  uint64_t nodes;      /* stop after this many searched positions (0: none) */
  double time_seconds; /* stop after this long (0: none) */
  int shortest;        /* nonzero: the exact distance to win */
  int max_plies;       /* a sure win within this many plies (0: any) */
  int ply_limit;       /* the draw limit, counted from the position's ply (0: none) */
  int prover;          /* 0 (default), 'f' or 's' */
  int tt_megabytes;    /* transposition table size (0: 128) */
  int threads;         /* threads on the one position (0 or 1: one; more:
                          the verdict is the same, move and line may differ) */
  geister_tables *tables; /* tables for the search (NULL: none) */
} geister_solve_options;

/* Sets *options to the defaults (all zero). */
void geister_solve_options_init(geister_solve_options *options);

/* Solves position and sets *json to the SPEC section 5 answer, the line
 * "geister solve --json --threads 1" prints with the same budgets
 * (result win, no-win or unknown when the budget ran out). options may be
 * NULL (the defaults). A position that cannot be read gives
 * GEISTER_ERR_POSITION and *json the command's error object. */
int geister_solve(const char *position, const geister_solve_options *options,
                  char **json, char **error);

/* The move the agent (a spec such as "hayazashi", "purplemax:depth=4")
 * chooses in position as its side to move sees it, seeded by seed, with
 * the tables (NULL: none) for agents that probe them: *json is the line
 * of "geister move --json --agent AGENT --seed SEED POSITION". */
int geister_move(const char *agent, const char *position, uint64_t seed,
                 geister_tables *tables, char **json, char **error);

#ifdef __cplusplus
}
#endif

#endif /* GEISTER_H */
