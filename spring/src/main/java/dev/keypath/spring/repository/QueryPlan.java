package dev.keypath.spring.repository;

import dev.keypath.KeyPathTemplate;
import java.util.List;
import org.springframework.data.repository.query.parser.Part;

/**
 * What a derived query method does, decided once at startup: which key path (table or index) it queries,
 * which parameters bind which template variables, the range, order, limit and result shape. Immutable.
 *
 * @param method        method name for messages, e.g. {@code PostRepository.findByUserId}
 * @param domainType    the repository's item type
 * @param template      the key-path template queried
 * @param index         the GSI name, or null for the table
 * @param equalities    parameters bound by equality, in template order
 * @param range         the range condition on the next variable, or null
 * @param filters       conditions on other properties, applied by DynamoDB to the items of the key range
 * @param orderVariable the variable whose order callers may choose (the next after the equalities), or null
 * @param descending    descending key-path order from {@code OrderBy…Desc}
 * @param maxResults    {@code Top}/{@code First} limit, or null
 * @param shape         what the method returns
 * @param mixed         true if items of every type under the prefix are returned
 */
record QueryPlan(String method, Class<?> domainType, KeyPathTemplate template, String index,
                 List<Binding> equalities, Range range, List<Filter> filters, String orderVariable, boolean descending,
                 Integer maxResults, Shape shape, boolean mixed) {

    /** A template variable bound to the bindable parameter at {@code argument}. */
    record Binding(String variable, int argument) {
    }

    /**
     * A range on {@code variable}: {@code type} is one of the accepted {@link Part.Type}s; {@code argument} is the
     * first bound's parameter ({@code argument + 1} the second for BETWEEN).
     */
    record Range(String variable, Part.Type type, int argument, IdBounds bounds) {
    }

    /**
     * A condition on the property at dot path {@code path} (not a key-path variable), whose values are the bindable
     * parameters from {@code argument} on ({@link Part#getNumberOfArguments()} of them).
     */
    record Filter(String path, Part.Type type, int argument) {
    }

    /** Result shapes. */
    enum Shape {
        /** A collection of every match (List, Collection, Iterable). */
        LIST,
        /** A stream of every match, read page by page as it is consumed. */
        STREAM,
        /** At most one match (entity or Optional). */
        SINGLE,
        /** One page, continued by token. */
        SLICE,
        /** The number of matches. */
        COUNT,
        /** Whether anything matches. */
        EXISTS,
        /** An {@link dev.keypath.spring.ItemCollection}. */
        ITEM_COLLECTION,
        /** One page, continued by token, with the total counted by DynamoDB. */
        PAGE,
        /** A {@link org.springframework.data.util.Streamable} that runs the query, lazily paged, when iterated. */
        STREAMABLE,
        /** Deletes every match and returns how many ({@code deleteBy…}). */
        DELETE
    }
}
