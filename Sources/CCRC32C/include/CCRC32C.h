#ifndef KEYTRACE_CCRC32C_H
#define KEYTRACE_CCRC32C_H

#include <stddef.h>
#include <stdint.h>

/// Whether this processor has a CRC-32C instruction (x86-64 SSE 4.2, or the ARMv8 CRC
/// extension) that keytrace_crc32c_update can use.
int keytrace_crc32c_hardware_available(void);

/// Advances a running (not finalised) CRC-32C register over `count` bytes with the processor's
/// CRC-32C instruction. Only call it when keytrace_crc32c_hardware_available() returned 1.
uint32_t keytrace_crc32c_update(uint32_t state, const void *bytes, size_t count);

#endif
