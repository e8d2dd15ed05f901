/* dr_eval.h -- the static evaluation of an international draughts position. */
#ifndef BOYI_DR_EVAL_H
#define BOYI_DR_EVAL_H

#include "draughts.h"

/* Hundredths of a man from the side to move's view (see evaluate.c for the terms). */
int dr_evaluate(const dr_pos *p);

#endif
