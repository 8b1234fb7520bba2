package dev.keypath.examples.spring;

import dev.keypath.spring.ItemCollection;
import dev.keypath.spring.repository.KeyPathPageRequest;
import java.util.List;
import java.util.UUID;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.data.domain.Slice;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The REST API:
 * <ul>
 *   <li>{@code POST /users} {@code {"name"}} → 201 user</li>
 *   <li>{@code POST /users/{userId}/posts} {@code {"title","body"}} → 201 post (404 without user)</li>
 *   <li>{@code GET /users/{userId}/timeline?size=&token=} → {@code {"posts":[…],"nextToken":…}}, newest first</li>
 *   <li>{@code GET /users/{userId}/posts/{postId}} → {@code {"post":…,"comments":[…]}} (404 if absent)</li>
 *   <li>{@code POST /users/{userId}/posts/{postId}/comments} {@code {"author","text"}} → 201 comment</li>
 * </ul>
 * Thread-safe (stateless).
 */
@RestController
public class SocialController {
    private static final int MAX_PAGE = 100;
    private final SocialService social;

    SocialController(SocialService social) {
        this.social = social;
    }

    /** Body of {@code POST /users}. */
    public record NewUser(String name) {
    }

    /** Body of {@code POST /users/{userId}/posts}. */
    public record NewPost(String title, String body) {
    }

    /** Body of {@code POST …/comments}. */
    public record NewComment(String author, String text) {
    }

    /** One timeline page; {@code nextToken} is null on the last page. */
    public record TimelinePage(List<Post> posts, String nextToken) {
    }

    /** A post with its comments. */
    public record PostThread(Post post, List<Comment> comments) {
    }

    /** An error body. */
    public record ApiError(String error) {
    }

    @PostMapping("/users")
    ResponseEntity<User> createUser(@RequestBody NewUser body) {
        return ResponseEntity.status(HttpStatus.CREATED).body(social.createUser(body.name()));
    }

    @PostMapping("/users/{userId}/posts")
    ResponseEntity<Post> createPost(@PathVariable UUID userId, @RequestBody NewPost body) {
        return social.createPost(userId, body.title(), body.body())
                .map(p -> ResponseEntity.status(HttpStatus.CREATED).body(p))
                .orElse(ResponseEntity.notFound().build());
    }

    @GetMapping("/users/{userId}/timeline")
    TimelinePage timeline(@PathVariable UUID userId, @RequestParam(defaultValue = "20") int size,
            @RequestParam(required = false) String token) {
        int pageSize = Math.max(1, Math.min(size, MAX_PAGE));
        Slice<Post> page = social.timeline(userId, pageSize, token);
        return new TimelinePage(page.getContent(), KeyPathPageRequest.nextTokenOf(page).orElse(null));
    }

    @GetMapping("/users/{userId}/posts/{postId}")
    ResponseEntity<PostThread> thread(@PathVariable UUID userId, @PathVariable long postId) {
        return social.thread(userId, postId).map(SocialController::toThread).map(ResponseEntity::ok)
                .orElse(ResponseEntity.notFound().build());
    }

    private static PostThread toThread(ItemCollection items) {
        return new PostThread(items.first(Post.class).orElseThrow(), items.itemsOf(Comment.class));
    }

    @PostMapping("/users/{userId}/posts/{postId}/comments")
    ResponseEntity<Comment> comment(@PathVariable UUID userId, @PathVariable long postId,
            @RequestBody NewComment body) {
        return social.comment(userId, postId, body.author(), body.text())
                .map(c -> ResponseEntity.status(HttpStatus.CREATED).body(c))
                .orElse(ResponseEntity.notFound().build());
    }

    @ExceptionHandler(InvalidDataAccessApiUsageException.class)
    ResponseEntity<ApiError> badRequest(InvalidDataAccessApiUsageException e) {
        return ResponseEntity.badRequest().body(new ApiError(e.getMessage()));
    }

    @ExceptionHandler(OptimisticLockingFailureException.class)
    ResponseEntity<ApiError> conflict(OptimisticLockingFailureException e) {
        return ResponseEntity.status(HttpStatus.CONFLICT).body(new ApiError("concurrent update, retry: "
                + e.getMessage()));
    }
}
