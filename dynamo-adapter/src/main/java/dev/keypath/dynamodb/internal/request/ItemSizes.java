package dev.keypath.dynamodb.internal.request;

import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Computes an item's size the way DynamoDB bills and limits it: attribute names (UTF-8) plus values. Numbers
 * are counted by their text length, an upper bound of DynamoDB's (digits / 2 + 1), so the check never lets an
 * oversize item through. {@link #upperBound} bounds the same size without reading a string's characters, for the
 * check of an item that is far below the limit.
 */
public final class ItemSizes {
    private ItemSizes() {
    }

    public static long itemSize(Map<String, AttributeValue> item) {
        long size = 0;
        for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
            size += utf8Length(e.getKey()) + valueSize(e.getValue());
        }
        return size;
    }

    /**
     * At least {@link #itemSize}, worked out from the lengths of the strings alone (a character takes at most three
     * bytes of UTF-8; a surrogate pair, four for two): no string's characters are read.
     */
    public static long upperBound(Map<String, AttributeValue> item) {
        long size = 0;
        for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
            size += 3L * e.getKey().length() + valueBound(e.getValue());
        }
        return size;
    }

    private static long valueBound(AttributeValue v) {
        switch (v.type()) {
            case S:
                return 3L * v.s().length();
            case L: {
                long s = 3;
                for (AttributeValue e : v.l()) {
                    s += 1 + valueBound(e);
                }
                return s;
            }
            case M: {
                long s = 3;
                for (Map.Entry<String, AttributeValue> e : v.m().entrySet()) {
                    s += 1 + 3L * e.getKey().length() + valueBound(e.getValue());
                }
                return s;
            }
            case SS: {
                long s = 0;
                for (String x : v.ss()) {
                    s += 3L * x.length();
                }
                return s;
            }
            default:
                return valueSize(v); // numbers, bytes, booleans and nulls: counted without reading characters
        }
    }

    public static long valueSize(AttributeValue v) {
        switch (v.type()) {
            case S:
                return utf8Length(v.s());
            case N:
                return v.n().length();
            case B:
                return v.b().asByteArrayUnsafe().length;
            case BOOL:
            case NUL:
                return 1;
            case L: {
                long s = 3;
                for (AttributeValue e : v.l()) {
                    s += 1 + valueSize(e);
                }
                return s;
            }
            case M: {
                long s = 3;
                for (Map.Entry<String, AttributeValue> e : v.m().entrySet()) {
                    s += 1 + utf8Length(e.getKey()) + valueSize(e.getValue());
                }
                return s;
            }
            case SS:
                return sumStrings(v.ss());
            case NS:
                return v.ns().stream().mapToLong(String::length).sum();
            case BS:
                return v.bs().stream().mapToLong(b -> b.asByteArrayUnsafe().length).sum();
            default:
                return 0;
        }
    }

    private static long sumStrings(List<String> strings) {
        long s = 0;
        for (String x : strings) {
            s += utf8Length(x);
        }
        return s;
    }

    public static int utf8Length(String s) {
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                n++;
            } else if (c < 0x800) {
                n += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                n += 4;
                i++;
            } else {
                n += 3;
            }
        }
        return n;
    }
}
