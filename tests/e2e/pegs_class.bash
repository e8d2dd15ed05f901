# pegs_class.bash -- sourced by the pegs e2e scripts (not a test itself): the rule of
# three computed on coordinates, independently of boyi's own pg_class.

# allowed BOARD SIZE: the class-allowed (start, finish) pairs by the rule of three:
# colour a hole (f, r) by (f + r) mod 3 and by (f - r) mod 3; a jump flips the parity
# of the peg count of each colour of each colouring, so n0+n1, n1+n2 (mod 2) of each
# colouring never change.  The start is every hole but s, the finish the hole t alone.
allowed() {
  awk -v board="$1" -v size="$2" '
  function hole(f, r) {
    if (board == "french") return (f >= 2 && f <= 4) || (r >= 2 && r <= 4) || ((f == 1 || f == 5) && (r == 1 || r == 5))
    return (f > 4 ? f - 4 : 4 - f) + (r > 4 ? r - 4 : 4 - r) <= 4
  }
  function cls(sf, sr, tf, tr, single,    f, r, a, b, k) {
    for (k = 0; k < 3; k++) { a[k] = 0; b[k] = 0 }
    for (f = 0; f < size; f++) for (r = 0; r < size; r++) {
      if (!hole(f, r)) continue
      if (single) { if (f != tf || r != tr) continue } else if (f == sf && r == sr) continue
      a[(f + r) % 3]++; b[((f - r) % 3 + 3) % 3]++
    }
    return ((a[0] + a[1]) % 2) "" ((a[1] + a[2]) % 2) "" ((b[0] + b[1]) % 2) "" ((b[1] + b[2]) % 2)
  }
  BEGIN {
    for (sf = 0; sf < size; sf++) for (sr = 0; sr < size; sr++) if (hole(sf, sr))
      for (tf = 0; tf < size; tf++) for (tr = 0; tr < size; tr++) if (hole(tf, tr))
        if (cls(sf, sr, 0, 0, 0) == cls(0, 0, tf, tr, 1)) printf "%c%d %c%d\n", 97 + sf, sr + 1, 97 + tf, tr + 1
  }' | sort
}
