/* formats.c -- record formats boyi recognises but does not read yet: a file in
 * one of them is told so by name ("format X is not supported yet", exit 2)
 * instead of "cannot tell which game this file holds". */
#include <stdbool.h>
#include <string.h>
#include <strings.h>

#include "cli.h"

/* Does the name PATH end in EXT (any case)? */
static bool has_ext(const char *path, const char *ext)
{
    size_t n = strlen(path), k = strlen(ext);
    return n > k && strcasecmp(path + n - k, ext) == 0;
}

const char *bo_cli_unsupported_format(const char *path, const bo_text *head, bool by_name)
{
    const unsigned char *r = head->raw;
    size_t n = head->raw_len;
    /* by their magic bytes */
    if (r && n >= 4 && ((r[0] == 0xFF && r[1] == 0xFE && r[2] == 0 && r[3] == 0) ||
                        (r[0] == 0 && r[1] == 0 && r[2] == 0xFE && r[3] == 0xFF)))
        return "UTF-32 text";
    if (!by_name || strcmp(path, "-") == 0) return NULL;
    /* by their names, when nothing in them is a record boyi reads */
    if (has_ext(path, ".rif") || has_ext(path, ".rif.gz")) return "RenjuNet (RIF database)";
    if (has_ext(path, ".lib") || has_ext(path, ".lib.gz")) return "Renlib (Gomoku/Renju library) without its 0xFF RenLib 0xFF header";
    return NULL;
}
