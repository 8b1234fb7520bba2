package dev.keypath.cli;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads an option whose values are the constants of an enum written in lower case with dashes, as
 * {@code on-demand} for {@code ON_DEMAND}, and refuses any other text by listing the accepted ones.
 */
abstract class DashedEnumConverter<E extends Enum<E>> implements ITypeConverter<E> {
    private final Class<E> type;

    DashedEnumConverter(Class<E> type) {
        this.type = type;
    }

    /** How {@code value} is written on the command line. */
    static String text(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    @Override
    public E convert(String value) {
        for (E constant : type.getEnumConstants()) {
            if (text(constant).equals(value)) {
                return constant;
            }
        }
        throw new TypeConversionException("expected " + accepted() + ", got '" + value + "'");
    }

    private String accepted() {
        List<String> texts = Arrays.stream(type.getEnumConstants()).map(DashedEnumConverter::text).toList();
        int last = texts.size() - 1;
        return last == 0 ? texts.get(0) : String.join(", ", texts.subList(0, last)) + " or " + texts.get(last);
    }
}
