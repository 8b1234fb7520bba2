package dev.keypath.dynamodb.internal.mapping;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One kind of Java value written and read as an attribute value without Jackson, with exactly the result the
 * Jackson path gives, or declined so that the caller hands the whole item to Jackson (which then gives its own
 * result or error). Implementations answer only for inputs whose Jackson result they are sure of. Stateless.
 */
public interface PlainValue {
    /** What {@link #read} returns when it cannot be sure of Jackson's answer. */
    Object DECLINED = new Object();

    /** The attribute value of {@code value} (not null), or null to decline. */
    AttributeValue write(Object value);

    /** The Java value of {@code stored} (not a NULL attribute), or {@link #DECLINED}. */
    Object read(AttributeValue stored);

    /**
     * Writes a possibly null list element or map value: null becomes a NULL attribute, as Jackson writes it (a
     * position or a key is data).
     */
    static AttributeValue writeNullable(PlainValue kind, Object value) {
        return value == null ? AttributeValues.nul() : kind.write(value);
    }

    /**
     * Reads a stored value that may be a NULL attribute: null for a reference type, declined for a primitive (whose
     * Jackson answer depends on the mapper's settings).
     */
    static Object readNullable(PlainValue kind, boolean primitive, AttributeValue stored) {
        if (Boolean.TRUE.equals(stored.nul())) {
            return primitive ? DECLINED : null;
        }
        return kind.read(stored);
    }
}
