package dev.keypath.migrate;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An item's size as DynamoDB bills it: attribute names (UTF-8) plus values. A number is counted by its text
 * length, slightly above DynamoDB's (about one byte per two digits, plus one), so estimates err on the high side.
 */
final class ItemSize {
    private ItemSize() {
    }

    static long of(Map<String, AttributeValue> item) {
        long size = 0;
        for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
            size += Utf8.length(e.getKey()) + value(e.getValue());
        }
        return size;
    }

    /** Write capacity units of one put of an item of {@code bytes}: one per KB started. */
    static long writeUnits(long bytes) {
        return Math.max(1, (bytes + 1023) / 1024);
    }

    private static long value(AttributeValue v) {
        switch (v.type()) {
            case S:
                return Utf8.length(v.s());
            case N:
                return v.n().length();
            case B:
                return v.b().asByteArrayUnsafe().length;
            case BOOL:
            case NUL:
                return 1;
            case SS:
                return v.ss().stream().mapToLong(Utf8::length).sum();
            case NS:
                return v.ns().stream().mapToLong(String::length).sum();
            case BS:
                return v.bs().stream().mapToLong(b -> b.asByteArrayUnsafe().length).sum();
            case L:
                return 3 + v.l().stream().mapToLong(e -> 1 + value(e)).sum();
            case M:
                return 3 + v.m().entrySet().stream().mapToLong(e -> 1 + Utf8.length(e.getKey()) + value(e.getValue()))
                        .sum();
            default:
                return 0;
        }
    }
}
