package dev.keypath.dynamodb.internal.expression;

import java.math.BigDecimal;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Attribute values compared as DynamoDB stores them: numbers by value ({@code 1.50} is {@code 1.5}), sets without
 * order, maps and lists element by element; and the value at a path of names and list indexes. So an item sent
 * can be compared with the item DynamoDB returns. Pure.
 */
public final class StoredValues {
    private StoredValues() {
    }

    /** Whether two items hold the same attributes with the same values. */
    public static boolean sameItem(Map<String, AttributeValue> a, Map<String, AttributeValue> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (Map.Entry<String, AttributeValue> e : a.entrySet()) {
            AttributeValue other = b.get(e.getKey());
            if (other == null || !same(e.getValue(), other)) {
                return false;
            }
        }
        return true;
    }

    /** Whether two values are the same stored value. */
    public static boolean same(AttributeValue a, AttributeValue b) {
        if (a.type() != b.type()) {
            return false;
        }
        return switch (a.type()) {
            case N -> sameNumber(a.n(), b.n());
            case SS -> Set.copyOf(a.ss()).equals(Set.copyOf(b.ss()));
            case NS -> numbers(a.ns()).equals(numbers(b.ns()));
            case BS -> Set.copyOf(a.bs()).equals(Set.copyOf(b.bs()));
            case M -> sameItem(a.m(), b.m());
            case L -> sameList(a.l(), b.l());
            default -> a.equals(b);
        };
    }

    /** Whether every element of the set {@code elements} is in the set {@code stored} (false if it is no set). */
    static boolean containsAll(AttributeValue stored, AttributeValue elements) {
        return stored != null && stored.type() == elements.type() && elementsOf(stored).containsAll(elementsOf(elements));
    }

    /** Whether no element of the set {@code elements} is in {@code stored} (true when it is absent). */
    static boolean containsNone(AttributeValue stored, AttributeValue elements) {
        if (stored == null) {
            return true;
        }
        if (stored.type() != elements.type()) {
            return false;
        }
        Set<Object> held = elementsOf(stored);
        return elementsOf(elements).stream().noneMatch(held::contains);
    }

    /**
     * The value at {@code steps} (top-level name, then names of map entries and indexes of list elements), or null
     * where the path leads nowhere.
     */
    static AttributeValue at(Map<String, AttributeValue> item, List<Object> steps) {
        AttributeValue value = item.get((String) steps.get(0));
        for (int i = 1; i < steps.size() && value != null; i++) {
            Object step = steps.get(i);
            if (step instanceof Integer index) {
                value = value.type() == AttributeValue.Type.L && index < value.l().size() ? value.l().get(index) : null;
            } else {
                value = value.type() == AttributeValue.Type.M ? value.m().get((String) step) : null;
            }
        }
        return value;
    }

    private static boolean sameList(List<AttributeValue> a, List<AttributeValue> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (!same(a.get(i), b.get(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean sameNumber(String a, String b) {
        return a.equals(b) || new BigDecimal(a).compareTo(new BigDecimal(b)) == 0;
    }

    private static Set<BigDecimal> numbers(List<String> texts) {
        Set<BigDecimal> set = new HashSet<>();
        texts.forEach(t -> set.add(new BigDecimal(t).stripTrailingZeros()));
        return set;
    }

    private static Set<Object> elementsOf(AttributeValue set) {
        return switch (set.type()) {
            case SS -> Set.copyOf(set.ss());
            case NS -> Set.copyOf(numbers(set.ns()));
            case BS -> Set.<Object>copyOf(set.bs().stream().map(SdkBytes::asByteBuffer).toList());
            default -> Set.of();
        };
    }
}
