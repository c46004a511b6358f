"""The school's side: the instructor's class view and assigned exams, the trainee's box of them."""
