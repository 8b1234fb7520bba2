package dev.keypath.dynamodb.internal.mapping;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.UUID;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The scalar kinds of {@link PlainValue}: text, the integral and floating numbers, booleans, UUIDs and instants.
 * Numbers are read as {@link AttributeMapParser} hands them to Jackson ({@link AttributeValues#canonicalNumber})
 * and converted as Jackson's number deserializers convert them; anything they would coerce or refuse is declined.
 */
enum PlainScalars implements PlainValue {
    TEXT {
        @Override
        public AttributeValue write(Object value) {
            return AttributeValue.createS((String) value);
        }

        @Override
        public Object read(AttributeValue stored) {
            String s = stored.s();
            return s != null ? s : DECLINED;
        }
    },
    BOOLEAN {
        @Override
        public AttributeValue write(Object value) {
            return AttributeValues.bool((Boolean) value);
        }

        @Override
        public Object read(AttributeValue stored) {
            Boolean b = stored.bool();
            return b != null ? b : DECLINED;
        }
    },
    LONG {
        @Override
        public AttributeValue write(Object value) {
            return AttributeValues.number(((Number) value).longValue());
        }

        @Override
        public Object read(AttributeValue stored) {
            Number n = number(stored);
            return n instanceof Integer || n instanceof Long ? (Object) n.longValue() : DECLINED;
        }
    },
    INT {
        @Override
        public AttributeValue write(Object value) {
            return AttributeValues.number(((Number) value).longValue());
        }

        @Override
        public Object read(AttributeValue stored) {
            Number n = number(stored);
            return n instanceof Integer ? n : DECLINED;
        }
    },
    SHORT {
        @Override
        public AttributeValue write(Object value) {
            return AttributeValues.number(((Number) value).longValue());
        }

        @Override
        public Object read(AttributeValue stored) {
            Number n = number(stored);
            return n instanceof Integer i && i == i.shortValue() ? (Object) i.shortValue() : DECLINED;
        }
    },
    BYTE {
        @Override
        public AttributeValue write(Object value) {
            return AttributeValues.number(((Number) value).longValue());
        }

        @Override
        public Object read(AttributeValue stored) {
            Number n = number(stored);
            return n instanceof Integer i && i == i.byteValue() ? (Object) i.byteValue() : DECLINED;
        }
    },
    DOUBLE {
        @Override
        public AttributeValue write(Object value) {
            return floating(((Number) value).doubleValue());
        }

        @Override
        public Object read(AttributeValue stored) {
            Number n = number(stored);
            return n == null ? DECLINED : (Object) n.doubleValue();
        }
    },
    FLOAT {
        @Override
        public AttributeValue write(Object value) {
            return floating(((Number) value).floatValue());
        }

        @Override
        public Object read(AttributeValue stored) {
            Number n = number(stored);
            return n == null ? DECLINED : (Object) n.floatValue();
        }
    },
    DECIMAL {
        @Override
        public AttributeValue write(Object value) {
            return AttributeValue.createN(AttributeValues.decimalText((BigDecimal) value));
        }

        @Override
        public Object read(AttributeValue stored) {
            Number n = number(stored);
            if (n == null) {
                return DECLINED;
            }
            if (n instanceof BigDecimal d) {
                return d;
            }
            return n instanceof BigInteger b ? new BigDecimal(b) : BigDecimal.valueOf(n.longValue());
        }
    },
    BIG_INTEGER {
        @Override
        public AttributeValue write(Object value) {
            return AttributeValue.createN(value.toString());
        }

        @Override
        public Object read(AttributeValue stored) {
            Number n = number(stored);
            if (n instanceof BigInteger b) {
                return b;
            }
            return n instanceof Integer || n instanceof Long ? BigInteger.valueOf(n.longValue()) : DECLINED;
        }
    },
    UUID_TEXT {
        @Override
        public AttributeValue write(Object value) {
            return AttributeValue.createS(value.toString());
        }

        @Override
        public Object read(AttributeValue stored) {
            String s = stored.s();
            if (s == null || s.length() != 36) {
                return DECLINED;
            }
            try {
                UUID u = UUID.fromString(s);
                return u.toString().equals(s) ? u : DECLINED;
            } catch (IllegalArgumentException e) {
                return DECLINED;
            }
        }
    },
    INSTANT {
        @Override
        public AttributeValue write(Object value) {
            String text = CanonicalInstants.format((Instant) value);
            return text == null ? null : AttributeValue.createS(text);
        }

        @Override
        public Object read(AttributeValue stored) {
            String s = stored.s();
            Instant i = s == null ? null : CanonicalInstants.parse(s);
            return i != null ? i : DECLINED;
        }
    };

    /** The scalar kind of {@code type}, or null if it has none. */
    static PlainScalars of(Class<?> type) {
        if (type == String.class) {
            return TEXT;
        } else if (type == boolean.class || type == Boolean.class) {
            return BOOLEAN;
        } else if (type == long.class || type == Long.class) {
            return LONG;
        } else if (type == int.class || type == Integer.class) {
            return INT;
        } else if (type == short.class || type == Short.class) {
            return SHORT;
        } else if (type == byte.class || type == Byte.class) {
            return BYTE;
        } else if (type == double.class || type == Double.class) {
            return DOUBLE;
        } else if (type == float.class || type == Float.class) {
            return FLOAT;
        } else if (type == BigDecimal.class) {
            return DECIMAL;
        } else if (type == BigInteger.class) {
            return BIG_INTEGER;
        } else if (type == UUID.class) {
            return UUID_TEXT;
        } else if (type == Instant.class) {
            return INSTANT;
        }
        return null;
    }

    /** A stored number as the parser hands it to Jackson, or null if the attribute is no number. */
    private static Number number(AttributeValue stored) {
        String text = stored.n();
        if (text == null) {
            return null;
        }
        try {
            return AttributeValues.canonicalNumber(text);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** A finite double as the generator stores it; null (declined) for what Jackson's path refuses. */
    private static AttributeValue floating(double d) {
        return Double.isFinite(d) ? AttributeValue.createN(BigDecimal.valueOf(d).toString()) : null;
    }
}
