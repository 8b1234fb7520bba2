package dev.keypath.dynamodb.internal.mapping;

import dev.keypath.dynamodb.ItemMappingException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Attribute value helpers shared by the mapping code: the stored forms of numbers and cached constants. The stored
 * layout is that of the value's JSON form: integers as written, {@code BigDecimal}s with their scale, floating-point
 * numbers through {@link BigDecimal#valueOf(double)}. The conversion of a Java value through Jackson is
 * {@link JacksonValues}'s.
 */
public final class AttributeValues {
    private static final AttributeValue NULL = AttributeValue.builder().nul(true).build();
    private static final AttributeValue TRUE = AttributeValue.builder().bool(true).build();
    private static final AttributeValue FALSE = AttributeValue.builder().bool(false).build();
    private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
    private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);
    /** Up to 18 digits always fit a long. */
    private static final int SAFE_LONG_DIGITS = 18;
    private static final int SMALL = 128;
    private static final AttributeValue[] SMALL_NUMBERS = new AttributeValue[2 * SMALL];

    static {
        for (int i = 0; i < SMALL_NUMBERS.length; i++) {
            SMALL_NUMBERS[i] = AttributeValue.createN(Integer.toString(i - SMALL));
        }
    }

    private AttributeValues() {
    }

    /** A B value wrapping {@code bytes}, which the caller must not change afterwards. */
    public static AttributeValue binary(byte[] bytes) {
        return AttributeValue.createB(SdkBytes.fromByteArrayUnsafe(bytes));
    }

    public static AttributeValue string(String s) {
        return AttributeValue.createS(s);
    }

    /** An N value; the ones of -128..127 are shared (attribute values are immutable). */
    public static AttributeValue number(long n) {
        return n >= -SMALL && n < SMALL ? SMALL_NUMBERS[(int) n + SMALL] : AttributeValue.createN(Long.toString(n));
    }

    public static AttributeValue nul() {
        return NULL;
    }

    public static AttributeValue bool(boolean b) {
        return b ? TRUE : FALSE;
    }

    /**
     * The value of a stored number as a reader sees it: an integral value (even written {@code 1.0} or
     * {@code 1E3}) as the smallest of Integer, Long and BigInteger, any other as the exact BigDecimal.
     */
    public static Number canonicalNumber(String text) {
        if (isPlainInteger(text)) {
            long v = Long.parseLong(text);
            return v == (int) v ? (Number) (int) v : (Number) v;
        }
        BigDecimal d = new BigDecimal(text);
        if (hasNonZeroFraction(text)) {
            return d;
        }
        if (d.signum() == 0 || d.stripTrailingZeros().scale() <= 0) {
            if (d.compareTo(LONG_MIN) >= 0 && d.compareTo(LONG_MAX) <= 0) {
                long v = d.longValueExact();
                return v == (int) v ? (Number) (int) v : (Number) v;
            }
            if ((long) d.precision() - d.scale() > MAX_INTEGER_DIGITS) {
                return d; // 1E999999999 would take minutes to expand; no DynamoDB number comes near (38 digits)
            }
            return d.toBigIntegerExact();
        }
        return d;
    }

    /**
     * The most digits an integral stored number is expanded to as a BigInteger; beyond it stays a BigDecimal,
     * which Jackson refuses for integer fields (its BigInteger scale limit) and reads as a double's infinity.
     */
    private static final int MAX_INTEGER_DIGITS = 1000;

    /**
     * The texts of a number set with each number once: DynamoDB refuses a number set that holds one number twice
     * ({@code 1.0} and {@code 1.00}), so the first of equal numbers is kept.
     */
    public static List<String> distinctNumbers(Collection<String> numbers) {
        List<String> out = new ArrayList<>(numbers.size());
        Set<BigDecimal> seen = new HashSet<>();
        for (String n : numbers) {
            if (seen.add(new BigDecimal(n).stripTrailingZeros())) {
                out.add(n);
            }
        }
        return out;
    }

    /**
     * The stored text of a finite number as a put stores it: integers as written, {@code BigDecimal}s with their
     * scale, floating-point numbers through {@link BigDecimal#valueOf(double)}.
     */
    public static String numberText(Number n) {
        if (n instanceof Double || n instanceof Float) {
            double d = n.doubleValue();
            if (!Double.isFinite(d)) {
                throw new ItemMappingException("DynamoDB numbers cannot be " + d);
            }
            return BigDecimal.valueOf(d).toString();
        }
        return n instanceof BigDecimal d ? decimalText(d) : n.toString();
    }

    /** The stored text of a BigDecimal: plain unless the exponent is extreme. */
    public static String decimalText(BigDecimal d) {
        return Math.abs(d.scale()) < 64 ? d.toPlainString() : d.toString();
    }

    /** Digits, a '.' and digits ending in 1-9, no exponent (as {@code 4.75}): never integral. */
    private static boolean hasNonZeroFraction(String text) {
        int last = text.length() - 1;
        char end = text.charAt(last);
        if (end < '1' || end > '9') {
            return false;
        }
        boolean dot = false;
        for (int i = last - 1; i >= 0; i--) {
            char c = text.charAt(i);
            if (c == '.') {
                dot = true;
            } else if (c == 'e' || c == 'E') {
                return false;
            }
        }
        return dot;
    }

    /** An optional '-' and 1 to 18 digits: always a long. */
    public static boolean isPlainInteger(String text) {
        int start = !text.isEmpty() && text.charAt(0) == '-' ? 1 : 0;
        int digits = text.length() - start;
        if (digits < 1 || digits > SAFE_LONG_DIGITS) {
            return false;
        }
        for (int i = start; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }
}
