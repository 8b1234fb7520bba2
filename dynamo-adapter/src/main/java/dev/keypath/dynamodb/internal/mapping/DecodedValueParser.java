package dev.keypath.dynamodb.internal.mapping;

import java.math.BigDecimal;
import java.math.BigInteger;
import tools.jackson.core.Base64Variant;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.Version;
import tools.jackson.core.base.ParserMinimalBase;
import tools.jackson.core.util.ByteArrayBuilder;

/**
 * The part of a Jackson parser over values already in memory that does not depend on where they come from: the
 * current scalar is held decoded, as a {@code String}, a {@code Number} (an {@code Integer}, {@code Long},
 * {@code BigInteger} or {@code BigDecimal}) or a {@code byte[]}, and read through the text, number and binary
 * accessors with Jackson's checks (overflow of int and long, base64 text as binary); there is no input to close, no
 * location and nothing pooled. A subclass moves through its values and sets {@link #value} with each token. One
 * instance per read; not thread-safe.
 */
abstract class DecodedValueParser extends ParserMinimalBase {
    private static final BigInteger INT_MIN = BigInteger.valueOf(Integer.MIN_VALUE);
    private static final BigInteger INT_MAX = BigInteger.valueOf(Integer.MAX_VALUE);
    private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);
    private static final BigDecimal DECIMAL_INT_MIN = new BigDecimal(INT_MIN);
    private static final BigDecimal DECIMAL_INT_MAX = new BigDecimal(INT_MAX);
    private static final BigDecimal DECIMAL_LONG_MIN = new BigDecimal(LONG_MIN);
    private static final BigDecimal DECIMAL_LONG_MAX = new BigDecimal(LONG_MAX);

    /** The current scalar: a String, a Number or a byte[]. */
    protected Object value;
    private ByteArrayBuilder byteBuilder;

    DecodedValueParser() {
        super(ObjectReadContext.empty());
    }

    // ---------------------------------------------------------------- input, location

    @Override
    public TokenStreamLocation currentTokenLocation() {
        return TokenStreamLocation.NA;
    }

    @Override
    public TokenStreamLocation currentLocation() {
        return TokenStreamLocation.NA;
    }

    @Override
    public Object streamReadInputSource() {
        return null;
    }

    @Override
    public Version version() {
        return tools.jackson.databind.cfg.PackageVersion.VERSION;
    }

    @Override
    public void close() {
        _closed = true;
    }

    @Override
    protected void _closeInput() {
        // nothing to close
    }

    @Override
    protected void _releaseBuffers() {
        // nothing pooled
    }

    @Override
    protected void _handleEOF() {
        _throwInternal();
    }

    // ---------------------------------------------------------------- text

    @Override
    public String getString() {
        JsonToken t = _currToken;
        if (t == JsonToken.VALUE_STRING) {
            return (String) value;
        }
        if (t == null) {
            return null;
        }
        return switch (t) {
            case VALUE_STRING -> (String) value;
            case PROPERTY_NAME -> currentName();
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> value.toString();
            default -> t.asString();
        };
    }

    @Override
    public char[] getStringCharacters() {
        String s = getString();
        return s == null ? null : s.toCharArray();
    }

    @Override
    public int getStringLength() {
        String s = getString();
        return s == null ? 0 : s.length();
    }

    @Override
    public int getStringOffset() {
        return 0;
    }

    @Override
    public boolean hasStringCharacters() {
        return false;
    }

    // ---------------------------------------------------------------- numbers

    private Number numberValue(int targetType) {
        if (_currToken == null || !_currToken.isNumeric()) {
            throw _constructNotNumericType(_currToken, targetType);
        }
        return (Number) value;
    }

    @Override
    public boolean isNaN() {
        return false; // stored numbers are always finite
    }

    @Override
    public NumberType getNumberType() {
        if (_currToken == null || !_currToken.isNumeric()) {
            return null;
        }
        Object v = value;
        if (v instanceof Integer) {
            return NumberType.INT;
        }
        if (v instanceof Long) {
            return NumberType.LONG;
        }
        return v instanceof BigInteger ? NumberType.BIG_INTEGER : NumberType.BIG_DECIMAL;
    }

    @Override
    public NumberTypeFP getNumberTypeFP() {
        return _currToken == JsonToken.VALUE_NUMBER_FLOAT ? NumberTypeFP.BIG_DECIMAL : NumberTypeFP.UNKNOWN;
    }

    @Override
    public Number getNumberValue() {
        return numberValue(-1);
    }

    @Override
    public Object getNumberValueDeferred() {
        return numberValue(0);
    }

    @Override
    public int getIntValue() {
        Number n = numberValue(NR_INT);
        if (n instanceof Integer) {
            return n.intValue();
        }
        if (n instanceof Long) {
            long l = n.longValue();
            if ((int) l != l) {
                _reportOverflowInt();
            }
        } else if (n instanceof BigInteger b) {
            if (INT_MIN.compareTo(b) > 0 || INT_MAX.compareTo(b) < 0) {
                _reportOverflowInt();
            }
        } else if (DECIMAL_INT_MIN.compareTo((BigDecimal) n) > 0 || DECIMAL_INT_MAX.compareTo((BigDecimal) n) < 0) {
            _reportOverflowInt();
        }
        return n.intValue();
    }

    @Override
    public long getLongValue() {
        Number n = numberValue(NR_LONG);
        if (n instanceof Long || n instanceof Integer) {
            return n.longValue();
        }
        if (n instanceof BigInteger b) {
            if (LONG_MIN.compareTo(b) > 0 || LONG_MAX.compareTo(b) < 0) {
                _reportOverflowLong();
            }
        } else if (DECIMAL_LONG_MIN.compareTo((BigDecimal) n) > 0 || DECIMAL_LONG_MAX.compareTo((BigDecimal) n) < 0) {
            _reportOverflowLong();
        }
        return n.longValue();
    }

    @Override
    public BigInteger getBigIntegerValue() {
        Number n = numberValue(NR_BIGINT);
        if (n instanceof BigInteger b) {
            return b;
        }
        if (n instanceof BigDecimal d) {
            streamReadConstraints().validateBigIntegerScale(d.scale());
            return d.toBigInteger();
        }
        return BigInteger.valueOf(n.longValue());
    }

    @Override
    public BigDecimal getDecimalValue() {
        Number n = numberValue(NR_BIGDECIMAL);
        if (n instanceof BigDecimal d) {
            return d;
        }
        if (n instanceof BigInteger b) {
            return new BigDecimal(b);
        }
        return BigDecimal.valueOf(n.longValue());
    }

    @Override
    public double getDoubleValue() {
        return numberValue(NR_DOUBLE).doubleValue();
    }

    @Override
    public float getFloatValue() {
        return numberValue(NR_FLOAT).floatValue();
    }

    // ---------------------------------------------------------------- binary

    @Override
    public Object getEmbeddedObject() {
        return _currToken == JsonToken.VALUE_EMBEDDED_OBJECT ? value : null;
    }

    @Override
    public byte[] getBinaryValue(Base64Variant variant) throws JacksonException {
        if (_currToken == JsonToken.VALUE_EMBEDDED_OBJECT && value instanceof byte[] bytes) {
            return bytes;
        }
        if (_currToken != JsonToken.VALUE_STRING) {
            throw _constructReadException("Current token (" + _currToken
                    + ") not VALUE_STRING (or VALUE_EMBEDDED_OBJECT with byte[]), cannot access as binary");
        }
        ByteArrayBuilder builder = byteBuilder;
        if (builder == null) {
            byteBuilder = builder = new ByteArrayBuilder(100);
        } else {
            builder.reset();
        }
        _decodeBase64((String) value, builder, variant);
        return builder.toByteArray();
    }
}
