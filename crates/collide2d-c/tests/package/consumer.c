/* A game's first use of the installed package (ci.sh builds it through find_package(collide2d)
 * and through pkg-config, static and shared): two circles that overlap, and a failing call that
 * explains itself. With -DOTHER_RUST_LIBRARY it also calls other.rs, a second Rust static
 * library linked into the same program, which must not clash with collide2d's copy of std. */
#include <stdio.h>
#include <string.h>

#include "collide2d.h"

#ifdef OTHER_RUST_LIBRARY
#include <stdint.h>
uint64_t other_sum_of_squares(uint32_t n);
#endif

int main(void) {
  c2d_Shape a = c2d_shape_circle((c2d_Vec2){0, 0}, 1);
  c2d_Shape b = c2d_shape_circle((c2d_Vec2){1.5f, 0}, 1);
  c2d_Contact contact;
  if (c2d_contact(&a, &b, &contact) != C2D_OK || contact.point_count < 1) {
    fprintf(stderr, "consumer: no contact between overlapping circles: %s\n", c2d_last_error());
    return 1;
  }
  c2d_Shape bad = c2d_shape_circle((c2d_Vec2){0, 0}, -1);
  bool hit;
  if (c2d_intersects(&bad, &b, &hit) == C2D_OK || strlen(c2d_last_error()) == 0) {
    fprintf(stderr, "consumer: a negative radius was accepted\n");
    return 1;
  }
#ifdef OTHER_RUST_LIBRARY
  if (other_sum_of_squares(4) != 14) {
    fprintf(stderr, "consumer: the other Rust library answered wrong\n");
    return 1;
  }
#endif
  printf("consumer: depth %.2f along (%.0f, %.0f)\n", contact.depth, contact.normal.x, contact.normal.y);
  return 0;
}
