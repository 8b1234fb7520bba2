package dev.keypath.export;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Stored items in a form two tables can be compared by: sets sorted (DynamoDB keeps no set order), numbers as
 * DynamoDB returned them (or by value, to compare with what was written: DynamoDB keeps a number's value, not its
 * text), binary as hex, and each item keyed by its pk/sk.
 */
final class StoredForm {
    private StoredForm() {
    }

    /** The items as stored, numbers as their text. */
    static Map<String, Object> of(List<Map<String, AttributeValue>> items) {
        return of(items, false);
    }

    /** The items with numbers by value. */
    static Map<String, Object> byValue(List<Map<String, AttributeValue>> items) {
        return of(items, true);
    }

    private static Map<String, Object> of(List<Map<String, AttributeValue>> items, boolean numbersByValue) {
        Map<String, Object> byKey = new TreeMap<>();
        for (Map<String, AttributeValue> item : items) {
            Object previous = byKey.put(hex(item.get("pk")) + "/" + hex(item.get("sk")), item(item, numbersByValue));
            if (previous != null) {
                throw new AssertionError("two items with one key: " + previous);
            }
        }
        return byKey;
    }

    private static Map<String, Object> item(Map<String, AttributeValue> item, boolean numbersByValue) {
        Map<String, Object> m = new TreeMap<>();
        item.forEach((k, v) -> m.put(k, value(v, numbersByValue)));
        return m;
    }

    private static Object value(AttributeValue v, boolean byValue) {
        return switch (v.type()) {
            case S -> "S:" + v.s();
            case N -> "N:" + (byValue ? number(v.n()) : v.n());
            case B -> "B:" + hex(v);
            case BOOL -> "BOOL:" + v.bool();
            case NUL -> "NULL";
            case SS -> "SS:" + v.ss().stream().sorted().toList();
            case NS -> "NS:" + v.ns().stream().sorted(Comparator.comparing(BigDecimal::new))
                    .map(n -> byValue ? number(n) : n).toList();
            case BS -> "BS:" + v.bs().stream().map(b -> HexFormat.of().formatHex(b.asByteArray())).sorted().toList();
            case L -> {
                List<Object> l = new ArrayList<>();
                v.l().forEach(e -> l.add(value(e, byValue)));
                yield l;
            }
            case M -> item(v.m(), byValue);
            default -> throw new AssertionError("unknown type " + v);
        };
    }

    private static String number(String n) {
        BigDecimal d = new BigDecimal(n);
        return d.signum() == 0 ? "0" : d.stripTrailingZeros().toString();
    }

    private static String hex(AttributeValue v) {
        return HexFormat.of().formatHex(v.b().asByteArray());
    }
}
