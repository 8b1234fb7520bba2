package dev.keypath.spark;

import dev.keypath.KeyPath;
import java.lang.reflect.Array;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.UUID;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.util.ArrayBasedMapData;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.sql.catalyst.util.MapData;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Java values of an item's fields as Spark's values and back: the one table of which Java type becomes which Spark
 * type. Text, UUIDs, enums, key paths and characters are strings; {@code int}, {@code long}, {@code short},
 * {@code byte}, {@code double}, {@code float} and {@code boolean} keep their types; {@code BigDecimal} is
 * {@code decimal(38,18)} and {@code BigInteger} {@code decimal(38,0)} (a value that does not fit is refused, never
 * rounded); {@code Instant} is a timestamp (microseconds: Spark holds no finer time, so finer digits are cut);
 * {@code LocalDate} a date; {@code LocalDateTime} a timestamp without time zone; {@code byte[]} binary; lists, sets
 * and arrays arrays; maps with text keys maps; nested records structs. Stateless.
 */
final class SparkValues {
    static final DecimalType BIG_DECIMAL = DataTypes.createDecimalType(38, 18);
    static final DecimalType BIG_INTEGER = DataTypes.createDecimalType(38, 0);

    private SparkValues() {
    }

    /** A value that cannot be carried across, naming where it is. */
    static final class ValueException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        ValueException(String message) {
            super(message);
        }
    }

    /**
     * The Spark type of a field declared as {@code type}.
     *
     * @throws IllegalArgumentException naming the field and its type when Spark has none for it
     */
    static DataType typeOf(Type type, String where) {
        if (type instanceof Class<?> c) {
            if (c == String.class || c == UUID.class || c == KeyPath.class || c == char.class || c == Character.class
                    || c.isEnum()) {
                return DataTypes.StringType;
            }
            if (c == int.class || c == Integer.class) {
                return DataTypes.IntegerType;
            }
            if (c == long.class || c == Long.class) {
                return DataTypes.LongType;
            }
            if (c == short.class || c == Short.class) {
                return DataTypes.ShortType;
            }
            if (c == byte.class || c == Byte.class) {
                return DataTypes.ByteType;
            }
            if (c == double.class || c == Double.class) {
                return DataTypes.DoubleType;
            }
            if (c == float.class || c == Float.class) {
                return DataTypes.FloatType;
            }
            if (c == boolean.class || c == Boolean.class) {
                return DataTypes.BooleanType;
            }
            if (c == BigDecimal.class) {
                return BIG_DECIMAL;
            }
            if (c == BigInteger.class) {
                return BIG_INTEGER;
            }
            if (c == Instant.class) {
                return DataTypes.TimestampType;
            }
            if (c == LocalDate.class) {
                return DataTypes.DateType;
            }
            if (c == LocalDateTime.class) {
                return DataTypes.TimestampNTZType;
            }
            if (c == byte[].class) {
                return DataTypes.BinaryType;
            }
            if (c.isArray()) {
                return DataTypes.createArrayType(typeOf(c.getComponentType(), where + "[]"), true);
            }
            if (c.isRecord()) {
                return structOf(c, where + ".");
            }
        } else if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> raw) {
            Type[] args = p.getActualTypeArguments();
            if (Collection.class.isAssignableFrom(raw) && args.length == 1) {
                return DataTypes.createArrayType(typeOf(args[0], where + "[]"), true);
            }
            if (Map.class.isAssignableFrom(raw) && args.length == 2) {
                if (args[0] != String.class) {
                    throw new IllegalArgumentException(where + ": a map's keys must be text for Spark, not " + args[0]);
                }
                return DataTypes.createMapType(DataTypes.StringType, typeOf(args[1], where + "{}"), true);
            }
        } else if (type instanceof GenericArrayType g) {
            return DataTypes.createArrayType(typeOf(g.getGenericComponentType(), where + "[]"), true);
        }
        throw new IllegalArgumentException(where + " is a " + type.getTypeName() + ", which has no Spark type here: "
                + "read untyped rows, or declare it as one of text, a number, a boolean, UUID, Instant, LocalDate, "
                + "LocalDateTime, byte[], an enum, a record, a list, set or array, or a map with text keys");
    }

    /** The struct of a record's components, in declaration order. */
    static StructType structOf(Class<?> record, String prefix) {
        List<StructField> fields = new ArrayList<>();
        for (RecordComponent c : record.getRecordComponents()) {
            fields.add(DataTypes.createStructField(c.getName(), typeOf(c.getGenericType(), prefix + c.getName()),
                    !c.getType().isPrimitive()));
        }
        return DataTypes.createStructType(fields);
    }

    /** Spark's value of {@code value}, a field of type {@code type}; null stays null. */
    static Object toSpark(Object value, DataType type, String where) {
        if (value == null) {
            return null;
        }
        if (type == DataTypes.StringType) {
            if (value instanceof Enum<?> e) {
                return UTF8String.fromString(e.name());
            }
            return UTF8String.fromString(value.toString());
        }
        if (type instanceof DecimalType d) {
            BigDecimal big = value instanceof BigInteger i ? new BigDecimal(i) : (BigDecimal) value;
            Decimal decimal = Decimal.apply(big);
            if (!decimal.changePrecision(d.precision(), d.scale())) {
                throw new ValueException(where + ": " + big + " does not fit Spark's " + d.simpleString());
            }
            return decimal;
        }
        if (type == DataTypes.TimestampType) {
            Instant at = (Instant) value;
            try {
                return Math.addExact(Math.multiplyExact(at.getEpochSecond(), 1_000_000L), at.getNano() / 1000);
            } catch (ArithmeticException e) {
                throw new ValueException(where + ": " + at + " is beyond Spark's timestamps");
            }
        }
        if (type == DataTypes.TimestampNTZType) {
            Instant at = ((LocalDateTime) value).toInstant(ZoneOffset.UTC);
            return Math.addExact(Math.multiplyExact(at.getEpochSecond(), 1_000_000L), at.getNano() / 1000);
        }
        if (type == DataTypes.DateType) {
            return Math.toIntExact(((LocalDate) value).toEpochDay());
        }
        if (type instanceof ArrayType a) {
            List<Object> out = new ArrayList<>();
            int i = 0;
            for (Object e : elements(value)) {
                out.add(toSpark(e, a.elementType(), where + "[" + i++ + "]"));
            }
            return new GenericArrayData(out.toArray());
        }
        if (type instanceof MapType m) {
            Map<?, ?> map = (Map<?, ?>) value;
            Object[] keys = new Object[map.size()];
            Object[] values = new Object[map.size()];
            int i = 0;
            for (Map.Entry<?, ?> e : map.entrySet()) {
                keys[i] = UTF8String.fromString(String.valueOf(e.getKey()));
                values[i] = toSpark(e.getValue(), m.valueType(), where + "{" + e.getKey() + "}");
                i++;
            }
            return new ArrayBasedMapData(new GenericArrayData(keys), new GenericArrayData(values));
        }
        if (type instanceof StructType s) {
            return structValue(value, s, where + ".");
        }
        if (value instanceof Character ch) {
            return UTF8String.fromString(ch.toString());
        }
        return value; // numbers, booleans, binary: the same value
    }

    /** The row of a record's components. */
    static InternalRow structValue(Object record, StructType struct, String prefix) {
        RecordComponent[] components = record.getClass().getRecordComponents();
        Object[] values = new Object[components.length];
        for (int i = 0; i < components.length; i++) {
            Object v;
            try {
                v = components[i].getAccessor().invoke(record);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot read " + prefix + components[i].getName(), e);
            }
            values[i] = toSpark(v, struct.fields()[i].dataType(), prefix + components[i].getName());
        }
        return new GenericInternalRow(values);
    }

    private static Iterable<?> elements(Object value) {
        if (value instanceof Collection<?> c) {
            return c;
        }
        int n = Array.getLength(value);
        List<Object> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(Array.get(value, i));
        }
        return out;
    }

    /**
     * The Java value of field {@code type} (Spark type {@code sparkType}) from a Spark value; null stays null.
     *
     * @throws ValueException naming where, when the value does not fit the field
     */
    static Object fromSpark(Object value, Type type, DataType sparkType, String where) {
        if (value == null) {
            if (type instanceof Class<?> c && c.isPrimitive()) {
                throw new ValueException(where + " is null, but " + c + " cannot be");
            }
            return null;
        }
        if (type instanceof Class<?> c) {
            if (c == String.class) {
                return value.toString();
            }
            if (c == UUID.class) {
                try {
                    return UUID.fromString(value.toString());
                } catch (IllegalArgumentException e) {
                    throw new ValueException(where + ": \"" + value + "\" is not a UUID");
                }
            }
            if (c == KeyPath.class) {
                try {
                    return KeyPath.parse(value.toString());
                } catch (IllegalArgumentException e) {
                    throw new ValueException(where + ": " + e.getMessage());
                }
            }
            if (c == char.class || c == Character.class) {
                String s = value.toString();
                if (s.length() != 1) {
                    throw new ValueException(where + ": \"" + s + "\" is not one character");
                }
                return s.charAt(0);
            }
            if (c.isEnum()) {
                return enumValue(c, value.toString(), where);
            }
            if (c == BigDecimal.class) {
                return ((Decimal) value).toJavaBigDecimal();
            }
            if (c == BigInteger.class) {
                return ((Decimal) value).toJavaBigDecimal().toBigIntegerExact();
            }
            if (c == Instant.class) {
                long micros = (Long) value;
                return Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000);
            }
            if (c == LocalDateTime.class) {
                long micros = (Long) value;
                return LocalDateTime.ofEpochSecond(Math.floorDiv(micros, 1_000_000L),
                        (int) (Math.floorMod(micros, 1_000_000L) * 1000), ZoneOffset.UTC);
            }
            if (c == LocalDate.class) {
                return LocalDate.ofEpochDay((Integer) value);
            }
            if (c.isArray() && c != byte[].class) {
                ArrayData data = (ArrayData) value;
                DataType element = ((ArrayType) sparkType).elementType();
                Object out = Array.newInstance(c.getComponentType(), data.numElements());
                for (int i = 0; i < data.numElements(); i++) {
                    Array.set(out, i, fromSpark(data.get(i, element), c.getComponentType(), element,
                            where + "[" + i + "]"));
                }
                return out;
            }
            if (c.isRecord()) {
                return record(c, (InternalRow) value, (StructType) sparkType, where + ".");
            }
            return value; // numbers, booleans, binary
        }
        ParameterizedType p = (ParameterizedType) type;
        Class<?> raw = (Class<?>) p.getRawType();
        if (Collection.class.isAssignableFrom(raw)) {
            ArrayData data = (ArrayData) value;
            DataType element = ((ArrayType) sparkType).elementType();
            Type elementType = p.getActualTypeArguments()[0];
            Collection<Object> out = collection(raw, elementType);
            for (int i = 0; i < data.numElements(); i++) {
                out.add(fromSpark(data.get(i, element), elementType, element, where + "[" + i + "]"));
            }
            return out;
        }
        MapData map = (MapData) value;
        DataType valueSpark = ((MapType) sparkType).valueType();
        Type valueType = p.getActualTypeArguments()[1];
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < map.numElements(); i++) {
            String key = map.keyArray().get(i, DataTypes.StringType).toString();
            out.put(key, fromSpark(map.valueArray().get(i, valueSpark), valueType, valueSpark, where + "{" + key + "}"));
        }
        return out;
    }

    /** A record of class {@code type} from a row of its components' values. */
    static Object record(Class<?> type, InternalRow row, StructType struct, String prefix) {
        RecordComponent[] components = type.getRecordComponents();
        Object[] args = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            DataType t = struct.fields()[i].dataType();
            args[i] = fromSpark(row.isNullAt(i) ? null : row.get(i, t), components[i].getGenericType(), t,
                    prefix + components[i].getName());
            types[i] = components[i].getType();
        }
        try {
            var constructor = type.getDeclaredConstructor(types);
            constructor.setAccessible(true);
            return constructor.newInstance(args);
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw new ValueException(prefix + ": " + type.getSimpleName() + "'s constructor refused the values: "
                    + e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot build " + type.getName(), e);
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object enumValue(Class<?> type, String name, String where) {
        try {
            return Enum.valueOf((Class) type, name);
        } catch (IllegalArgumentException e) {
            throw new ValueException(where + ": \"" + name + "\" is not a constant of " + type.getSimpleName());
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Collection<Object> collection(Class<?> raw, Type element) {
        if (EnumSet.class.isAssignableFrom(raw) && element instanceof Class<?> e) {
            return (Collection) EnumSet.noneOf((Class) e);
        }
        if (SortedSet.class.isAssignableFrom(raw)) {
            return new TreeSet<>();
        }
        if (Set.class.isAssignableFrom(raw)) {
            return new LinkedHashSet<>();
        }
        return new ArrayList<>();
    }
}
