package dev.keypath.dynamodb.internal.expression;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.AttributePath;
import dev.keypath.dynamodb.InvalidUpdateException;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The DynamoDB set an update's {@code addToSet} or {@code deleteFromSet} sends: its elements stored as a put stores
 * the elements of a Java set, so that the change meets the attribute a put wrote. A field declared as a set of
 * some class takes elements of that class only; text, UUIDs, enums and instants make a string set, numbers a number
 * set, {@code byte[]} a binary set. Pure apart from value conversion.
 */
public final class SetValues {
    private SetValues() {
    }

    /**
     * The set of {@code elements} for the change of {@code target} at {@code where}; an
     * {@link InvalidUpdateException} naming the path when they are empty, not of the field's element class, or not
     * of one kind a DynamoDB set holds.
     */
    public static AttributeValue of(List<?> elements, UpdatePaths.Resolved target, AttributePath where, String typeName,
                             KeyPath keyPath, ValueConverter values) {
        String at = typeName + "." + where;
        if (elements.isEmpty()) {
            throw refused("A set change of " + at + " needs at least one element: DynamoDB has no empty sets",
                    typeName, where, keyPath);
        }
        Class<?> declared = target.elementClass();
        LinkedHashSet<String> texts = new LinkedHashSet<>();
        List<SdkBytes> bytes = new ArrayList<>();
        AttributeValue.Type kind = null;
        for (Object e : elements) {
            if (e == null) {
                throw refused("A set change of " + at + " cannot hold null: DynamoDB sets hold no nulls", typeName,
                        where, keyPath);
            }
            if (declared != null && !declared.isInstance(e) && !(declared == byte[].class && isBytes(e))) {
                throw refused("A set change of " + at + " (a set of " + declared.getSimpleName() + ") got " + e
                        + " of type " + e.getClass().getSimpleName(), typeName, where, keyPath);
            }
            AttributeValue a = element(e, at, values);
            if (kind != null && a.type() != kind || !(a.type() == AttributeValue.Type.S
                    || a.type() == AttributeValue.Type.N || a.type() == AttributeValue.Type.B)) {
                throw refused("A set change of " + at + " needs elements of one kind that a DynamoDB set holds "
                        + "(text, numbers or byte[]); got " + describe(elements), typeName, where, keyPath);
            }
            kind = a.type();
            switch (a.type()) {
                case S -> texts.add(a.s());
                case N -> texts.add(a.n());
                default -> bytes.add(a.b());
            }
        }
        return switch (kind) {
            case S -> AttributeValue.builder().ss(texts).build();
            case N -> AttributeValue.builder().ns(AttributeValues.distinctNumbers(texts)).build();
            default -> AttributeValue.builder().bs(bytes).build();
        };
    }

    /** One element as a put stores it in a set: bytes as binary, anything else as the table's mapper writes it. */
    private static AttributeValue element(Object e, String at, ValueConverter values) {
        if (e instanceof byte[] b) {
            return AttributeValue.fromB(SdkBytes.fromByteArray(b));
        }
        if (e instanceof SdkBytes s) {
            return AttributeValue.fromB(s);
        }
        if (e instanceof ByteBuffer b) {
            return AttributeValue.fromB(SdkBytes.fromByteBuffer(b));
        }
        return values.toAttribute(e, at);
    }

    private static boolean isBytes(Object o) {
        return o instanceof byte[] || o instanceof SdkBytes || o instanceof ByteBuffer;
    }

    private static String describe(List<?> elements) {
        List<String> kinds = new ArrayList<>();
        for (Object e : elements) {
            kinds.add(e == null ? "null" : e.getClass().getSimpleName());
        }
        return kinds.toString();
    }

    private static InvalidUpdateException refused(String message, String typeName, AttributePath where,
                                                  KeyPath keyPath) {
        return new InvalidUpdateException(message, typeName, where.toString(), keyPath, null);
    }
}
