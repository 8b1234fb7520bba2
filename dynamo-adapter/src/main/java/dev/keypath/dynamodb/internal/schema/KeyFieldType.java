package dev.keypath.dynamodb.internal.schema;

import dev.keypath.KeyId;
import dev.keypath.dynamodb.ItemMappingException;
import java.math.BigInteger;
import java.util.EnumSet;
import java.util.Set;
import java.util.UUID;

/**
 * The Java type of one key field: which id types it is stored as, when it counts as unset (auto ids), and the
 * conversion of its values to {@link KeyId}s ({@link KeyId#from}) and back, with range and type checks.
 */
public final class KeyFieldType {
    private final Class<?> type;
    /** Whether {@code type} is an enum, asked once. */
    private final boolean isEnum;

    private KeyFieldType(Class<?> type) {
        this.type = type;
        this.isEnum = type.isEnum();
    }

    /** The key field type for {@code type}, or an {@link ItemMappingException} naming {@code where}. */
    public static KeyFieldType forType(Class<?> type, String where) {
        if (type == UUID.class || type == String.class || type == byte[].class || type == BigInteger.class
                || type == KeyId.class || type.isEnum() || isIntegral(type)) {
            return new KeyFieldType(type);
        }
        throw new ItemMappingException("Key field " + where + " has unsupported type " + type.getName()
                + " (use UUID, long, int, short, byte, BigInteger, String, byte[], an enum or KeyId)");
    }

    private static boolean isIntegral(Class<?> t) {
        return t == long.class || t == Long.class || t == int.class || t == Integer.class || t == short.class
                || t == Short.class || t == byte.class || t == Byte.class;
    }

    public boolean isIntegral() {
        return isIntegral(type);
    }

    /** The id types a field of this type is stored as. */
    public Set<KeyId.Type> idTypes() {
        if (type == KeyId.class) {
            return EnumSet.allOf(KeyId.Type.class);
        }
        if (type == String.class || isEnum) {
            return EnumSet.of(KeyId.Type.STRING);
        }
        if (type == UUID.class || type == byte[].class) {
            return EnumSet.of(KeyId.Type.BYTES);
        }
        return EnumSet.of(KeyId.Type.INTEGER);
    }

    public Class<?> type() {
        return type;
    }

    /** True if {@code value} counts as unset: null, or 0 for numbers (auto ids). */
    public boolean isUnset(Object value) {
        return value == null || (value instanceof Number n && isIntegral() && n.longValue() == 0);
    }

    /** The id of a field value of this type. */
    public KeyId toKeyId(Object value) {
        return KeyId.from(value);
    }

    /** Converts a stored id back; {@code where} names the field for errors. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public Object fromKeyId(KeyId id, String where) {
        try {
            if (type == KeyId.class) {
                return id;
            }
            if (type == UUID.class) {
                if (!id.isUuid()) {
                    throw mismatch(id, where);
                }
                return id.asUuid();
            }
            if (type == String.class || isEnum) {
                if (id.type() != KeyId.Type.STRING) {
                    throw mismatch(id, where);
                }
                return type == String.class ? id.asString() : Enum.valueOf((Class) type, id.asString());
            }
            if (type == byte[].class) {
                if (id.type() != KeyId.Type.BYTES) {
                    throw mismatch(id, where);
                }
                return id.asBytes();
            }
            if (id.type() != KeyId.Type.INTEGER) {
                throw mismatch(id, where);
            }
            if (type == BigInteger.class) {
                return id.asBigInteger();
            }
            long v = id.asLong(); // ArithmeticException beyond a long
            if (type == long.class || type == Long.class) {
                return v;
            }
            if (type == int.class || type == Integer.class) {
                return Math.toIntExact(v);
            }
            if (type == short.class || type == Short.class) {
                return (short) narrow(v, Short.MIN_VALUE, Short.MAX_VALUE);
            }
            return (byte) narrow(v, Byte.MIN_VALUE, Byte.MAX_VALUE);
        } catch (ArithmeticException | IllegalArgumentException e) {
            if (e instanceof ItemMappingException) {
                throw e;
            }
            throw new ItemMappingException("Stored id " + id + " does not fit key field " + where + " of type "
                    + type.getSimpleName(), null, e);
        }
    }

    private static long narrow(long v, long min, long max) {
        if (v < min || v > max) {
            throw new ArithmeticException("out of range");
        }
        return v;
    }

    private ItemMappingException mismatch(KeyId id, String where) {
        return new ItemMappingException("Stored id of type " + id.type() + " does not fit key field " + where
                + " of type " + type.getSimpleName());
    }
}
