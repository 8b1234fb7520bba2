package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.WriteBatch;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A stream restricted to one type gives the items of that type, as the page read restricted to it does, also when
 * the query names other types too.
 */
@KeyPathDynamoDb(types = {TypedStreamTest.Shelf.class, TypedStreamTest.Book.class})
class TypedStreamTest {
    @ItemType(keyPath = "/shelf-{shelf}")
    record Shelf(String shelf) {
    }

    @ItemType(keyPath = "/shelf-{shelf}/book-{book}")
    record Book(String shelf, long book) {
    }

    @Injected
    static KeyPathTable table;

    @Test
    void aTypedStreamOfAQueryNamingOtherTypesGivesTheItemsOfItsTypeAsTheTypedPageDoes() {
        String shelf = UUID.randomUUID().toString();
        table.batchWrite(WriteBatch.builder().put(new Shelf(shelf)).put(new Book(shelf, 1)).put(new Book(shelf, 2))
                .build());
        ItemQuery both = ItemQuery.of(q -> q.subtree(KeyPath.of("shelf", shelf)).types(Shelf.class));
        assertThat(table.query(Book.class, both).items()).containsExactly(new Book(shelf, 1), new Book(shelf, 2));
        assertThat(table.stream(Book.class, both).toList()).containsExactly(new Book(shelf, 1), new Book(shelf, 2));
    }
}
