/* brute.c -- tic-tac-toe counted by brute force, independently of boyi: the ground
 * truth for tests/toy/toy.sh.
 *
 * The method: every sequence of moves on a 3x3 grid of chars, stopping where a side
 * has three in a row or the grid is full; nothing of boyi's code or headers is used.
 * Prints the positions at each depth 1..9 (perft), then the number of finished games
 * and how many x won, o won and were drawn. */
#include <stdio.h>

static char g[3][3];
static long long at_depth[10], games, xwins, owins;

/* Three of C in some row, column or diagonal. */
static int three(char c)
{
    for (int i = 0; i < 3; i++) {
        if (g[i][0] == c && g[i][1] == c && g[i][2] == c) return 1;
        if (g[0][i] == c && g[1][i] == c && g[2][i] == c) return 1;
    }
    return (g[1][1] == c) && ((g[0][0] == c && g[2][2] == c) || (g[0][2] == c && g[2][0] == c));
}

static void walk(int depth, char mover)
{
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++) {
            if (g[r][c]) continue;
            g[r][c] = mover;
            at_depth[depth + 1]++;
            if (three(mover)) {
                games++;
                if (mover == 'x') xwins++; else owins++;
            } else if (depth + 1 == 9) {
                games++;
            } else {
                walk(depth + 1, mover == 'x' ? 'o' : 'x');
            }
            g[r][c] = 0;
        }
}

int main(void)
{
    walk(0, 'x');
    for (int d = 1; d <= 9; d++) printf("%lld%c", at_depth[d], d < 9 ? ' ' : '\n');
    printf("%lld %lld %lld %lld\n", games, xwins, owins, games - xwins - owins);
    return 0;
}
