/* fuzz_proto.h -- the protocol readers' fuzz targets (fuzz_proto.c), for boyi_fuzz.c. */
#ifndef BOYI_FUZZ_PROTO_H
#define BOYI_FUZZ_PROTO_H

#include <stddef.h>
#include <stdint.h>

/* The protocols, in the order BOYI_FUZZ_LIST prints them (proto/NAME). */
#define FUZZ_PROTO_KINDS {"uci", "gomocup", "hub", "dxp", "botzone"}

/* Run the bytes through protocol KIND's readers (abort on a bug). */
void fuzz_proto(const char *kind, const uint8_t *data, size_t size);
/* Write protocol KIND's seed inputs into DIR. */
void fuzz_proto_seeds(const char *kind, const char *dir);

#endif
