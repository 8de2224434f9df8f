import Canopy
import CanopyTesting
import Testing

@MainActor @Suite struct UndoStackTests {
    /// A list of notes an app edits, with its actions pushed on a stack.
    @MainActor final class Notes {
        var notes = ["groceries", "ideas", "todo"]
        let stack: UndoStack

        init(stack: UndoStack = UndoStack()) { self.stack = stack }

        func delete(_ note: String) {
            guard let index = notes.firstIndex(of: note) else { return }
            notes.remove(at: index)
            stack.push("Delete Note", undo: { self.notes.insert(note, at: index) }, redo: { self.delete(note) })
        }
    }

    @Test func anActionIsUndoneAndRedoneAndNamedForTheMenu() {
        let app = Notes()
        var changes = 0
        app.stack.onChange = { changes += 1 }
        #expect(!app.stack.canUndo && !app.stack.canRedo)
        #expect(app.stack.undoTitle == "Undo" && app.stack.redoTitle == "Redo")
        app.delete("ideas")
        #expect(app.notes == ["groceries", "todo"])
        #expect(app.stack.canUndo && !app.stack.canRedo)
        #expect(app.stack.undoTitle == "Undo Delete Note")
        #expect(changes == 1)
        app.stack.undo()
        #expect(app.notes == ["groceries", "ideas", "todo"])
        #expect(!app.stack.canUndo && app.stack.canRedo)
        #expect(app.stack.redoName == "Delete Note" && app.stack.redoTitle == "Redo Delete Note")
        #expect(changes == 2)  // once for the whole undo, though its redo was pushed inside it
        // Back and forth, any number of times.
        for _ in 0..<3 {
            app.stack.redo()
            #expect(app.notes == ["groceries", "todo"])
            app.stack.undo()
            #expect(app.notes == ["groceries", "ideas", "todo"])
        }
        #expect(changes == 8)
        // Nothing to undo: nothing happens and nothing is told.
        app.stack.undo()
        #expect(app.notes == ["groceries", "ideas", "todo"] && changes == 8)
    }

    @Test func aNewActionClearsTheRedoSide() {
        let app = Notes()
        app.delete("ideas")
        app.stack.undo()
        #expect(app.stack.canRedo)
        app.delete("todo")
        #expect(!app.stack.canRedo)
        app.stack.undo()
        #expect(app.notes == ["groceries", "ideas", "todo"])
        #expect(!app.stack.canUndo)
    }

    @Test func anUndoThatPushesItsOwnRedoMakesTheRedoStep() {
        let stack = UndoStack()
        var value = 1
        func set(_ new: Int) {
            let old = value
            value = new
            stack.push("Set \(new)") { set(old) }
        }
        set(2)
        set(3)
        #expect(stack.undoName == "Set 3")
        stack.undo()
        #expect(value == 2)
        #expect(stack.isUndoing == false)
        #expect(stack.redoName == "Set 3")  // the redo step keeps the undone step's name
        stack.undo()
        #expect(value == 1)
        stack.redo()
        stack.redo()
        #expect(value == 3)
        #expect(stack.undoName == "Set 3" && !stack.canRedo)
    }

    @Test func aGroupIsOneStepUndoneLastActionFirst() {
        let app = Notes()
        app.stack.group("Delete Notes") {
            app.delete("groceries")
            app.stack.group("") { app.delete("todo") }  // a nested group joins the outer one
        }
        #expect(app.notes == ["ideas"])
        #expect(app.stack.undoName == "Delete Notes")
        app.stack.undo()
        #expect(app.notes == ["groceries", "ideas", "todo"])  // each note back at its index
        #expect(!app.stack.canUndo)
        app.stack.redo()
        #expect(app.notes == ["ideas"])
        app.stack.undo()
        #expect(app.notes == ["groceries", "ideas", "todo"])
        // A group that does nothing adds no step; one without a name takes its first action's.
        app.stack.group("Nothing") {}
        #expect(app.stack.undoName == nil && app.stack.redoName == "Delete Notes")
        app.stack.group("") { app.delete("ideas") }
        #expect(app.stack.undoName == "Delete Note")
    }

    @Test func theLevelLimitDropsTheOldestSteps() {
        let stack = UndoStack(levelLimit: 3)
        var log: [Int] = []
        for step in 1...5 { stack.push("Step \(step)") { log.append(step) } }
        for _ in 0..<5 { stack.undo() }
        #expect(log == [5, 4, 3])
        stack.levelLimit = 1
        for step in 6...7 { stack.push("Step \(step)") { log.append(step) } }
        stack.undo()
        stack.undo()
        #expect(log == [5, 4, 3, 7])
        stack.levelLimit = -1  // no steps kept, rather than a crash
        stack.push("Step 8") { log.append(8) }
        #expect(!stack.canUndo)
    }

    @Test func undoInsideAGroupOrDuringAnUndoDoesNothing() {
        let stack = UndoStack()
        var log: [String] = []
        stack.push("A") { log.append("A") }
        stack.push("B") {
            log.append("B")
            stack.undo()  // ignored: an undo is running
        }
        stack.group("G") { stack.undo() }  // ignored: a group is open
        #expect(log.isEmpty)
        stack.undo()
        #expect(log == ["B"])
        stack.removeAll()
        #expect(!stack.canUndo && !stack.canRedo)
    }
}

@MainActor @Suite struct SceneUndoTests {
    let time = ManualTime()

    @Test func keysAndTheEditMenuGoToTheFocusedFieldThenToTheWindow() {
        let scene = time.makeScene(size: Size(width: 300, height: 200), host: MemoryHost())
        let field = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 36))
        let button = Button(title: "OK", frame: Rect(x: 10, y: 60, width: 80, height: 30))
        scene.rootView.addSubview(field)
        scene.rootView.addSubview(button)
        let app = UndoStackTests.Notes(stack: scene.undoStack)
        app.delete("ideas")
        field.becomeFocused()
        scene.handleKeyDown(KeyEvent(key: .character("a"), text: "a"))
        #expect(
            scene.undoStacks.map(ObjectIdentifier.init)
                == [field.editHistory.stack, scene.undoStack].map(ObjectIdentifier.init))
        #expect(scene.undoMenuItems.map(\.title) == ["Undo Typing", "Redo"])
        #expect(scene.undoMenuItems.map(\.isEnabled) == [true, false])
        scene.handleKeyDown(KeyEvent(key: .character("z"), modifiers: .control))
        #expect(field.text == "" && app.notes.count == 2)
        // The field has nothing left to undo: Control-Z goes on to the window's stack.
        #expect(scene.undoMenuItems.map(\.title) == ["Undo Delete Note", "Redo Typing"])
        scene.handleKeyDown(KeyEvent(key: .character("z"), modifiers: .control))
        #expect(app.notes.count == 3)
        // Redo goes to the nearest stack that can: the field's first.
        scene.handleKeyDown(KeyEvent(key: .character("Z"), modifiers: [.control, .shift]))
        #expect(field.text == "a" && app.notes.count == 3)
        scene.handleKeyDown(KeyEvent(key: .character("y"), modifiers: .control))
        #expect(app.notes.count == 2)
        // With a button focused, only the window's stack is used; a menu item made now acts
        // on the stack it was made for, wherever the focus goes before it is chosen.
        button.becomeFocused()
        #expect(scene.undoStacks.map(ObjectIdentifier.init) == [ObjectIdentifier(scene.undoStack)])
        let undoItem = scene.undoMenuItems[0]
        #expect(undoItem.title == "Undo Delete Note")
        field.becomeFocused()
        undoItem.onPrimaryAction?()
        #expect(app.notes.count == 3 && field.text == "a")
    }

    @Test func aModalKeepsTheWindowsStackOutOfReach() {
        let scene = time.makeScene(size: Size(width: 300, height: 200), host: MemoryHost())
        let app = UndoStackTests.Notes(stack: scene.undoStack)
        app.delete("ideas")
        let dialog = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        let field = TextField(frame: Rect(x: 10, y: 10, width: 180, height: 36))
        dialog.addSubview(field)
        scene.present(dialog, style: .modal(), transition: .none)
        field.becomeFocused()
        #expect(scene.undoStacks.map(ObjectIdentifier.init) == [ObjectIdentifier(field.editHistory.stack)])
        scene.handleKeyDown(KeyEvent(key: .character("z"), modifiers: .control))
        #expect(app.notes.count == 2)
        #expect(!scene.undo())
    }
}
