#ifndef PARPAIR_CLIBXML2_SHIM_H
#define PARPAIR_CLIBXML2_SHIM_H
/*
 * Debian builds libxml2 with ICU, and <libxml/encoding.h> then includes <unicode/ucnv.h>.
 * Those ICU headers clash with the ICU that Foundation bundles on Linux, and a clean build
 * fails. We never use libxml2's ICU encoding API, so switch it off before anything else
 * from libxml2 is included.
 */
#include <libxml/xmlversion.h>
#ifdef LIBXML_ICU_ENABLED
#undef LIBXML_ICU_ENABLED
#endif
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/valid.h>
#include <libxml/xmlerror.h>
#include <libxml/catalog.h>
#include <libxml/xmlIO.h>
/* SAX2 default handlers (wrapped per parse) and xmlNewInputFromFile (offline DTD loading). */
#include <libxml/SAX2.h>
#include <libxml/parserInternals.h>
#endif
