/* Opens endgame tables, probes a position and solves it through
 * libgeister. Build and run from the module's root:
 *
 *   go build -buildmode=c-shared -o libgeister.so ./capi
 *   cc -I capi examples/c/example.c -L. -lgeister -Wl,-rpath,'$ORIGIN' -o example
 *   ./example TABLE_DIR
 */
#include <stdio.h>

#include "geister.h"

int main(int argc, char **argv) {
  const char *position = "uu1B2/6/R5/6/6/6 f R1r1"; /* paper 000, Fig. 4 */
  char *error = NULL, *json = NULL;
  int code;

  printf("libgeister %s\n", geister_version());
  if (argc != 2) {
    fprintf(stderr, "usage: %s TABLE_DIR\n", argv[0]);
    return 2;
  }

  geister_tables *tables;
  code = geister_tables_open(argv[1], &tables, &error);
  if (code != GEISTER_OK) {
    fprintf(stderr, "open: %s\n", error);
    geister_free(error);
    return 1;
  }

  /* A probe: the table's verdict, distance and best move. */
  geister_probe_result r;
  code = geister_probe(tables, position, 0, &r, &error);
  if (code == GEISTER_OK && r.result == GEISTER_WIN) {
    printf("probe: %c wins in %d plies with %s\n", r.prover, r.plies, r.move);
  } else if (code == GEISTER_OK) {
    printf("probe: no sure win for %c\n", r.prover);
  } else if (code == GEISTER_NOT_HELD) {
    printf("probe: not in the tables (%s)\n", error);
  } else {
    fprintf(stderr, "probe: error %d: %s\n", code, error);
  }
  geister_free(error);

  /* A solve: df-pn with the tables, SPEC section 5's JSON answer. */
  geister_solve_options options;
  geister_solve_options_init(&options);
  options.shortest = 1;
  options.time_seconds = 10;
  options.tables = tables;
  code = geister_solve(position, &options, &json, &error);
  if (code != GEISTER_OK) {
    fprintf(stderr, "solve: error %d: %s\n", code, error);
  } else {
    printf("solve: %s\n", json);
  }
  geister_free(json);
  geister_free(error);

  /* The move an agent chooses. */
  code = geister_move("hayazashi", "1rbbr1/1brrb1/6/6/1RBBR1/1BRRB1 f R4r4", 1, NULL, &json, &error);
  if (code == GEISTER_OK) {
    printf("move: %.60s...\n", json);
  } else {
    fprintf(stderr, "move: error %d: %s\n", code, error);
  }
  geister_free(json);
  geister_free(error);

  geister_tables_close(tables, NULL);
  return 0;
}
