/* gm_threat.h -- threat-space search for Gomoku and Renju: victory by continuous
 * fours (VCF, gm_threat.c), the shortest line found by iterative deepening, and by
 * continuous threats (VCT, gm_vct.c): fours and open threes.
 *
 * A VCF is a sequence of the attacker's fours, each answered by the defender's only
 * block, ending in a five (or in a four the defender cannot block: a straight four, two
 * five points, or, under renju, a five point forbidden to black).  The defender's
 * blocks that make a four of its own are answered too: the attacker's next move must
 * then block it and still be a four. */
#ifndef BOYI_GM_THREAT_H
#define BOYI_GM_THREAT_H

#include "gomoku.h"

enum { GM_VCF_MAX_PLIES = 2 * 40 + 1 };

typedef struct gm_vcf_line {
    int found;                 /* 1: a VCF exists within the limits; 0: none found */
    int plies;                 /* length of the line, five included (odd) */
    int xs[GM_VCF_MAX_PLIES];  /* the moves, attacker first; x = -1 where the defender */
    int ys[GM_VCF_MAX_PLIES];  /* may play anything (it cannot block: forbidden point) */
    long nodes;                /* fours tried */
    int budget_out;            /* the node limit stopped the search before it was done */
} gm_vcf_line;

/* Search for a VCF of ATTACKER (to move) with at most MAX_FOURS fours before the five,
 * within NODE_LIMIT fours tried (0: no limit).  The board is not changed.  Returns
 * out->found. */
int gm_vcf_solve(const gm_board *b, gm_stone attacker, int max_fours, long node_limit, gm_vcf_line *out);

/* VCT: the attacker (to move) wins by fours and open threes.  After a three the
 * defender may play any point that leaves the attacker no winning point (straight
 * four, double four, four-three it may play) or a four of its own; renju fouls are
 * exact both ways (black's threes whose straight-four points are all forbidden are no
 * threes; a white four whose only block is forbidden to black wins).  MAX_THREATS
 * bounds the attacker's free threats (fours and threes), NODE_LIMIT the nodes (0: no
 * limit).  The line follows the longest-resisting answer; x = -1 where the defender
 * may play anything (no answer stops the threat).  PLIES is that line's length. */
enum { GM_VCT_MAX_PLIES = GM_VCF_MAX_PLIES };
typedef gm_vcf_line gm_vct_line;
int gm_vct_solve(const gm_board *b, gm_stone attacker, int max_threats, long node_limit, gm_vct_line *out);

#endif
