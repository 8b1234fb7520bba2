package dev.keypath.dynamodb.internal.mapping;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * How both mapping paths store the elements of a Java {@code Set}: as a DynamoDB string, number or binary set when
 * they are all strings, all numbers or all binary (each once: of equal numbers such as {@code 1.0} and {@code 1.00}
 * the first is kept, as DynamoDB refuses both), else (records, maps, lists, booleans, nulls, or mixed kinds) as a
 * list. An empty set is an empty list: DynamoDB has no empty sets, and a missing attribute (or a NULL) is a null set,
 * which must read back as null, not as empty. Stateless.
 */
final class DynamoSets {
    /** What {@link #of} gives for no elements: an empty list. */
    private static final AttributeValue EMPTY = AttributeValue.builder().l(List.of()).build();

    private DynamoSets() {
    }

    /** The stored form of a set whose elements are stored as {@code elements}. */
    static AttributeValue of(List<AttributeValue> elements) {
        if (elements.isEmpty()) {
            return EMPTY;
        }
        AttributeValue.Type kind = elements.get(0).type();
        for (AttributeValue e : elements) {
            if (e.type() != kind) {
                return AttributeValue.createL(elements);
            }
        }
        switch (kind) {
            case S: {
                Set<String> texts = new LinkedHashSet<>();
                elements.forEach(e -> texts.add(e.s()));
                return AttributeValue.builder().ss(texts).build();
            }
            case N: {
                Set<String> numbers = new LinkedHashSet<>();
                elements.forEach(e -> numbers.add(e.n()));
                return AttributeValue.builder().ns(AttributeValues.distinctNumbers(numbers)).build();
            }
            case B: {
                Set<SdkBytes> bytes = new LinkedHashSet<>();
                elements.forEach(e -> bytes.add(e.b()));
                return AttributeValue.builder().bs(bytes).build();
            }
            default:
                return AttributeValue.createL(elements);
        }
    }
}
